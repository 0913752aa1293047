/// How answers are laid out: the envelope, lists and objects, as other backends built
/// from the seed lay them out (`Docs/API.md`, "Objects in answers", "Lists in answers").
///
/// A backend starts with its configuration's forms; ``SandboxBackend/setAnswerForms(_:)``
/// changes them for the requests that follow, as the emulator's console does.
public struct SandboxAnswerForms: Sendable, Hashable {
  /// Where answers put their members.
  public var envelope: SandboxEnvelope
  /// How answers hold their list.
  public var lists: SandboxListForm
  /// How objects are answered.
  public var objects: SandboxObjectForm

  /// Creates forms.
  public init(envelope: SandboxEnvelope, lists: SandboxListForm, objects: SandboxObjectForm) {
    self.envelope = envelope
    self.lists = lists
    self.objects = objects
  }

  /// The forms `configuration` sets.
  public init(_ configuration: SandboxConfiguration) {
    self.init(
      envelope: configuration.envelope, lists: configuration.listForm,
      objects: configuration.objectForm)
  }
}

extension SandboxBackend {
  /// The answer forms in force.
  public var answerForms: SandboxAnswerForms {
    forms.withLock { $0 }
  }

  /// Lays out the answers of the requests that follow in `forms`.
  public func setAnswerForms(_ forms: SandboxAnswerForms) {
    self.forms.withLock { $0 = forms }
  }

  /// The configuration with the answer forms in force.
  var effectiveConfiguration: SandboxConfiguration {
    let forms = answerForms
    var configuration = configuration
    configuration.envelope = forms.envelope
    configuration.listForm = forms.lists
    configuration.objectForm = forms.objects
    return configuration
  }
}
