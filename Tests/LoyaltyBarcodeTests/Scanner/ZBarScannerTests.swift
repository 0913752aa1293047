import Foundation
import LoyaltyTestSupport
import Testing

/// The scanner harness's reading of zbar's XML, without zbar.
@Suite("zbar's XML output")
struct ZBarScannerTests {
  @Test("plain and base64 data, types and modifiers, by source file")
  func parse() {
    let xml = """
      <barcodes xmlns='http://zbar.sourceforge.net/2008/barcode'>
      <source href='/tmp/a/0.png'>
      <index num='0'>
      <symbol type='EAN-13' quality='413' orientation='UP' configs='EMIT_CHECK'><data><![CDATA[4006381333931]]></data></symbol>
      </index>
      </source>
      <source href='/tmp/a/1.png'>
      <index num='0'>
      <symbol type='CODE-128' quality='114' orientation='UP' modifiers='GS1'><data format='base64' length='21'><![CDATA[
      MTBBQkMxMjMdMTcyNTAxMDEyMVgx
      ]]></data></symbol>
      </index>
      </source>
      <source href='/tmp/a/2.png'>
      </source>
      </barcodes>
      """
    let sources = ZBarScanner.parse(xml)
    #expect(sources.map(\.0) == ["/tmp/a/0.png", "/tmp/a/1.png", "/tmp/a/2.png"])
    #expect(sources[0].1 == [.init(type: "EAN-13", text: "4006381333931")])
    #expect(
      sources[1].1 == [
        .init(type: "CODE-128", text: "10ABC123\u{1D}1725010121X1", modifiers: ["GS1"])
      ])
    #expect(sources[2].1.isEmpty)
    #expect(sources.map(\.2) == [[13], [21], []])
  }

  @Test("raw texts are cut by the XML's lengths, a line feed inside a text included")
  func raw() throws {
    let sources: [(String, [ZBarScanner.Reading], [Int])] = [
      ("a.png", [.init(type: "QR-Code", text: "?")], [4]),
      ("b.png", [], []),
      ("c.png", [.init(type: "CODE-128", text: "?")], [3]),
    ]
    let raw = Data("é\nx\na\nb\n".utf8)  // "é" is two bytes: "é\nx" is four
    let replaced = try ZBarScanner.replacingTexts(of: sources, withRaw: raw)
    #expect(replaced.map { $0.1.map(\.text) } == [["é\nx"], [], ["a\nb"]])
    #expect(throws: ZBarScanner.Failure.self) {
      try ZBarScanner.replacingTexts(of: sources, withRaw: Data("é\nx\na\nb".utf8))
    }
    #expect(throws: ZBarScanner.Failure.self) {
      try ZBarScanner.replacingTexts(of: sources, withRaw: Data("é\nxxa\nb\n".utf8))
    }
  }
}
