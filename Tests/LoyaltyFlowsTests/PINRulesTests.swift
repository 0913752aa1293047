import Foundation
import LoyaltyCore
import Testing

@testable import LoyaltyFlows

@Suite("PINRules")
struct PINRulesTests {
  let rules = PINRules()

  @Test(
    "refuses each broken rule before anything is sent",
    arguments: [
      ("123", "length"), ("12a4", "digits"), ("7777", "repeatedDigit"), ("3456", "sequence"),
      ("6543", "sequence"), ("٣٤٥٧", "length"),
    ])
  func refusals(pin: String, rule: String) throws {
    #expect(throws: LoyaltyError.self) { try rules.check(new: pin, confirmation: pin, old: nil) }
    do {
      _ = try rules.check(new: pin, confirmation: pin, old: nil)
    } catch let error as LoyaltyError {
      #expect(error.code == .invalidPIN)
      #expect(error.metadata["rule"] == rule)
      #expect(!error.description.contains(pin))
    }
  }

  @Test("a mismatched confirmation and a new PIN equal to the old one are refused")
  func mismatchAndSameAsOld() throws {
    do {
      _ = try rules.check(new: "2580", confirmation: "2581", old: nil)
      Issue.record("accepted a mismatch")
    } catch let error as LoyaltyError {
      #expect(error.code == .pinMismatch)
    }
    do {
      _ = try rules.check(new: "2580", confirmation: "2580", old: "2580")
      Issue.record("accepted the old PIN")
    } catch let error as LoyaltyError {
      #expect(error.code == .invalidPIN)
      #expect(error.metadata["rule"] == "sameAsOld")
    }
    let checked = try rules.check(new: "2580", confirmation: "2580", old: "1111")
    #expect(checked.new == Array("2580".utf8))
    #expect(checked.old == Array("1111".utf8), "an old PIN is checked for shape only")
  }

  @Test("wipe overwrites the buffer with zeros")
  func wipe() {
    var bytes = Array("2580".utf8)
    PINRules.wipe(&bytes)
    #expect(bytes == [0, 0, 0, 0])
  }

  @Test("face images: JPEG and PNG by their bytes, capped")
  func images() throws {
    let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 1, 2])
    let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0])
    #expect(try FlowImage(jpeg, field: "SmileImage", byteLimit: 100).kind == .jpeg)
    #expect(try FlowImage(png, field: "SmileImage", byteLimit: 100).kind.mimeType == "image/png")
    #expect(throws: LoyaltyError.self) {
      try FlowImage(Data("GIF89a".utf8), field: "SmileImage", byteLimit: 100)
    }
    #expect(throws: LoyaltyError.self) { try FlowImage(jpeg, field: "SmileImage", byteLimit: 3) }
    #expect(throws: LoyaltyError.self) { try FlowImage(Data(), field: "SmileImage", byteLimit: 3) }
  }
}
