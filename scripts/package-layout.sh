# Sourced by the scripts that read the package's built modules (api.sh, docs.sh), from
# the repository's root. It sets:
#   products        the library products: the `.library` lines of Package.swift, each a
#                   module of the same name, so a new product is checked and documented
#                   once it ships;
#   modules         the debug build's module folder;
#   module_search   the -I flags that find those modules and the system-library modules
#                   (Sources/C*/module.modulemap) they import.
mapfile -t products < <(sed -n 's/^ *\.library(name: "\([A-Za-z0-9_]*\)".*/\1/p' Package.swift)
modules="$(swift build --show-bin-path)/Modules"
module_search=(-I "$modules")
for module_map in Sources/C*/module.modulemap; do
  module_search+=(-I "$(dirname "$module_map")")
done
