"""The accessibility check of scripts/emulator-ui-check.py, on the page a Selenium driver shows.

check(driver) answers a list of (what, problem or None). It checks the page's landmarks (one
`main`, a labelled `nav`, a `header`, one `h1`, `html[lang]`), that every form control has a
label and every button and link a name, that no heading level is skipped, that visible text
has a contrast of at least 4.5:1 against the background behind it (WCAG relative luminance),
and that TAB reaches every visible enabled control of the nav and main, each showing an
outline or a box-shadow when focused.
"""
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

MINIMUM_CONTRAST = 4.5
CHECK_NAMES = ("landmarks", "labels", "names", "headings", "contrast")

# Answers {check name: [problem, ...]} for everything but the keyboard.
STATIC_CHECKS = r"""
const problems = {landmarks: [], labels: [], names: [], headings: [], contrast: []};
const describe = (e) => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") +
  ` "${(e.textContent || "").trim().slice(0, 30)}"`;
const count = (selector, wanted) => {
  const found = document.querySelectorAll(selector).length;
  if (found !== wanted) problems.landmarks.push(`${found} ${selector}, expected ${wanted}`);
};
count("main", 1); count("header", 1); count("h1", 1); count("nav[aria-label]", 1);
if (!document.documentElement.lang) problems.landmarks.push("html has no lang");
const text = (id) => (document.getElementById(id)?.textContent || "").trim();
const labelled = (e) => (e.id && [...document.querySelectorAll("label[for]")].some((l) => l.htmlFor === e.id))
  || e.closest("label") || (e.getAttribute("aria-label") || "").trim()
  || (e.getAttribute("aria-labelledby") || "").split(/\s+/).some(text);
for (const e of document.querySelectorAll("input:not([type=hidden]), select, textarea")) {
  if (!labelled(e)) problems.labels.push(describe(e) + " has no label");
}
for (const e of document.querySelectorAll("button, a[href]")) {
  const name = (e.getAttribute("aria-label") || "").trim() || e.textContent.trim() || e.title ||
    (e.getAttribute("aria-labelledby") || "").split(/\s+/).map(text).join("") ||
    [...e.querySelectorAll("img[alt]")].map((i) => i.alt).join("");
  if (!name) problems.names.push(describe(e) + " has no accessible name");
}
let level = 0;
for (const h of document.querySelectorAll("h1, h2, h3, h4, h5, h6")) {
  const next = Number(h.tagName[1]);
  if (next > level + 1) problems.headings.push(`${describe(h)}: h${next} after h${level}`);
  level = next;
}
const rgba = (css) => {
  const [r, g, b, a = 1] = (css.match(/[\d.]+/g) || [0, 0, 0, 0]).map(Number);
  return [r, g, b, css.startsWith("rgba") || css.includes("/") ? a : 1];
};
const background = (e) => {
  for (; e; e = e.parentElement) {
    const color = rgba(getComputedStyle(e).backgroundColor);
    if (color[3] > 0) return color;
  }
  return [255, 255, 255, 1];
};
const luminance = ([r, g, b]) => [r, g, b].map((v) => {
  v /= 255;
  return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
}).reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
for (const e of document.body.querySelectorAll("*")) {
  const ownText = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
  const control = e.matches("input:not([type=hidden]), select, textarea");
  const style = getComputedStyle(e);
  const box = e.getBoundingClientRect();
  if (!(ownText || control) || style.visibility !== "visible" || box.width === 0 || box.height === 0
      || e.closest("option, script, style")) continue;
  const [r, g, b, a] = rgba(style.color);
  const behind = background(e);
  const shown = [r, g, b].map((v, i) => v * a + behind[i] * (1 - a));
  const [light, dark] = [luminance(shown), luminance(behind)].sort((x, y) => y - x);
  const ratio = (light + 0.05) / (dark + 0.05);
  if (ratio < arguments[0]) problems.contrast.push(`${describe(e)}: ${ratio.toFixed(2)}:1`);
}
return problems;
"""

# Marks the visible enabled controls of the nav and main; answers how many TAB presses suffice.
MARK_CONTROLS = r"""
const controls = [...document.querySelectorAll(
  "nav a[href], nav button, main a[href], main button, main input, main select, main textarea")]
  .filter((e) => !e.disabled && e.getClientRects().length && getComputedStyle(e).visibility === "visible");
controls.forEach((e, i) => e.setAttribute("data-a11y-tab", i));
document.activeElement?.blur();
window.scrollTo(0, 0);
return [controls.length, document.querySelectorAll("a[href], button, input, select, textarea, [tabindex]").length];
"""

FOCUSED = r"""
const e = document.activeElement;
const style = getComputedStyle(e);
return [e.getAttribute("data-a11y-tab"), e.tagName.toLowerCase() + (e.id ? "#" + e.id : ""),
        style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0 || style.boxShadow !== "none"];
"""


def check(driver):
    """Answers [(what, problem or None), ...] for the page the driver shows."""
    problems = driver.execute_script(STATIC_CHECKS, MINIMUM_CONTRAST)
    results = [(name, "; ".join(found[:5]) + (f" (+{len(found) - 5} more)" if len(found) > 5 else "")
                or None) for name, found in ((name, problems[name]) for name in CHECK_NAMES)]
    return results + [("keyboard", keyboard_problem(driver))]


def keyboard_problem(driver):
    """TABs through the page from the body; answers what went wrong, or None."""
    wanted, focusable = driver.execute_script(MARK_CONTROLS)
    reached, unmarked = set(), []
    for _ in range(min(focusable + 3, 400)):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        mark, what, outlined = driver.execute_script(FOCUSED)
        if mark is not None:
            reached.add(int(mark))
        if what != "body" and not outlined:
            unmarked.append(what)
        if len(reached) == wanted:
            break
    missed = driver.execute_script(
        "return [...document.querySelectorAll('[data-a11y-tab]')].filter((e) => "
        "!arguments[0].includes(Number(e.dataset.a11yTab))).map((e) => e.tagName.toLowerCase() + "
        "(e.id ? '#' + e.id : '') + ' ' + e.textContent.trim().slice(0, 20))", sorted(reached))
    problems = []
    if missed:
        problems.append(f"TAB never reached {', '.join(missed[:5])}")
    if unmarked:
        problems.append(f"no visible focus on {', '.join(sorted(set(unmarked))[:5])}")
    return "; ".join(problems) or None
