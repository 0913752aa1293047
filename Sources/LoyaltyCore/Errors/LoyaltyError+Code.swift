extension LoyaltyError {
  /// A stable numeric error code.
  ///
  /// Codes never change meaning and are never reused; the whole table lives in this
  /// file and in `Docs/Errors.md`. The thousands digit tells the category:
  /// 1xxx configuration, 2xxx registry, 3xxx network, 4xxx security, 5xxx storage,
  /// 6xxx session, 7xxx events, 8xxx push, 9xxx decoding, 10xxx server, 11xxx general,
  /// 12xxx location, 13xxx flows, 14xxx directory.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    /// The number, stable across releases.
    public let rawValue: Int
    /// A short name, stable across releases.
    public let name: String
    /// The category the code belongs to.
    public let category: Category

    private init(_ rawValue: Int, _ name: String, _ category: Category) {
      self.rawValue = rawValue
      self.name = name
      self.category = category
    }

    public var description: String { "LOY-\(rawValue) \(name)" }

    public static func == (lhs: Code, rhs: Code) -> Bool { lhs.rawValue == rhs.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    // MARK: Configuration (1xxx)

    /// The app UUID is empty.
    public static let missingAppUUID = Code(1001, "missingAppUUID", .configuration)
    /// The app UUID is not 32 hexadecimal characters (dashes allowed).
    public static let invalidAppUUID = Code(1002, "invalidAppUUID", .configuration)
    /// The custom base URL is not an absolute http or https URL.
    public static let invalidBaseURL = Code(1003, "invalidBaseURL", .configuration)
    /// A timeout is zero, negative or out of range.
    public static let invalidTimeout = Code(1004, "invalidTimeout", .configuration)
    /// A retry count is out of range.
    public static let invalidRetryAttempts = Code(1005, "invalidRetryAttempts", .configuration)
    /// The token retry delays do not match the retry attempts.
    public static let retryDelaysMismatch = Code(1006, "retryDelaysMismatch", .configuration)
    /// The proactive refresh threshold is out of range.
    public static let invalidRefreshThreshold = Code(
      1007, "invalidRefreshThreshold", .configuration)
    /// The database cache size is out of range.
    public static let invalidCacheSize = Code(1008, "invalidCacheSize", .configuration)
    /// The circuit breaker threshold or cool-down is out of range.
    public static let invalidCircuitBreaker = Code(1009, "invalidCircuitBreaker", .configuration)
    /// The concurrency limit is out of range.
    public static let invalidConcurrencyLimit = Code(
      1010, "invalidConcurrencyLimit", .configuration)
    /// The language is not a two-letter code.
    public static let invalidLanguage = Code(1011, "invalidLanguage", .configuration)
    /// The bundle identifier is empty or contains characters other than letters,
    /// digits, dots, dashes and underscores.
    public static let invalidBundleID = Code(1012, "invalidBundleID", .configuration)
    /// A configuration document could not be decoded or encoded.
    public static let configurationCoding = Code(1013, "configurationCoding", .configuration)
    /// A configuration file could not be read or written.
    public static let configurationFile = Code(1014, "configurationFile", .configuration)
    /// A retry delay or backoff setting is negative or out of range.
    public static let invalidRetryDelay = Code(1015, "invalidRetryDelay", .configuration)
    /// The response size limit is out of range.
    public static let invalidResponseLimit = Code(1016, "invalidResponseLimit", .configuration)
    /// A device identity override (`device.*`) is empty or has characters its header or
    /// the device info may not carry; the error's `field` metadata names it.
    public static let invalidDeviceIdentity = Code(
      1017, "invalidDeviceIdentity", .configuration)
    /// `privacy.enabled` names a feature that does not exist; the error's `field`
    /// metadata names the entry.
    public static let invalidPrivacyFeature = Code(
      1018, "invalidPrivacyFeature", .configuration)

    // MARK: Registry (2xxx)

    /// A module needs a capability that no listed module provides.
    public static let missingRequirement = Code(2001, "missingRequirement", .registry)
    /// Two modules provide the same capability.
    public static let duplicateCapability = Code(2002, "duplicateCapability", .registry)
    /// The same module is listed twice.
    public static let duplicateModule = Code(2003, "duplicateModule", .registry)
    /// Modules depend on each other in a cycle.
    public static let dependencyCycle = Code(2004, "dependencyCycle", .registry)
    /// A module failed to start; the modules started before it were shut down.
    public static let moduleStartFailed = Code(2005, "moduleStartFailed", .registry)
    /// A capability was asked for but nothing provides it.
    public static let capabilityUnavailable = Code(2006, "capabilityUnavailable", .registry)
    /// A capability's factory threw or resolved itself in a cycle.
    public static let capabilityCreationFailed = Code(
      2007, "capabilityCreationFailed", .registry)
    /// Retired: registering a capability declares it, so nothing throws this any more.
    /// The code stays reserved so that it never means something else.
    public static let undeclaredCapability = Code(2008, "undeclaredCapability", .registry)
    /// The client was used after ``LoyaltyClient/shutdown()``.
    public static let clientShutDown = Code(2009, "clientShutDown", .registry)

    // MARK: Network (3xxx)

    /// A URL could not be built from the endpoint and the configuration.
    public static let invalidURL = Code(3001, "invalidURL", .network)
    /// The transport failed before a response arrived.
    public static let transportFailed = Code(3002, "transportFailed", .network)
    /// The request timed out.
    public static let timedOut = Code(3003, "timedOut", .network)
    /// The host is unreachable or refused the connection.
    public static let notConnected = Code(3004, "notConnected", .network)
    /// The request was cancelled.
    public static let cancelled = Code(3005, "cancelled", .network)
    /// The response body could not be decompressed.
    public static let decompressionFailed = Code(3006, "decompressionFailed", .network)
    /// The response is not the JSON the endpoint expects.
    public static let invalidResponse = Code(3007, "invalidResponse", .network)
    /// The response body is empty where one was expected.
    public static let emptyResponse = Code(3008, "emptyResponse", .network)
    /// The request body could not be encoded.
    public static let requestEncodingFailed = Code(3009, "requestEncodingFailed", .network)
    /// The response body is larger than the configured limit; the error's `limit`
    /// metadata names it.
    public static let responseTooLarge = Code(3010, "responseTooLarge", .network)
    /// The connection was lost after the request was sent (reset, closed half-way through
    /// the answer): the request may have reached the server.
    public static let connectionLost = Code(3011, "connectionLost", .network)
    /// A call that is not idempotent may have reached the server, and no answer came back
    /// (the connection was lost, or the time ran out, after sending): the server may have
    /// acted on it. The SDK does not send it again; the error's `endpoint` metadata names
    /// the call, and `idempotencyKey` the key it carried, with which it is safe to retry.
    public static let outcomeUnknown = Code(3012, "outcomeUnknown", .network)

    // MARK: Security (4xxx), numbered as the seed numbers its encryption errors

    /// A key is missing or has the wrong length.
    public static let invalidKey = Code(4001, "invalidKey", .security)
    /// Encryption failed.
    public static let encryptionFailed = Code(4002, "encryptionFailed", .security)
    /// Decryption failed: a wrong key or tampered data.
    public static let decryptionFailed = Code(4003, "decryptionFailed", .security)
    /// The data is too short or malformed to be a ciphertext.
    public static let invalidCiphertext = Code(4004, "invalidCiphertext", .security)
    /// A key could not be generated or stored.
    public static let keyGenerationFailed = Code(4005, "keyGenerationFailed", .security)
    /// A PEM document could not be parsed as a public key.
    public static let invalidPEM = Code(4006, "invalidPEM", .security)
    /// A JWT could not be decoded.
    public static let malformedJWT = Code(4007, "malformedJWT", .security)
    /// Hashing or signing failed.
    public static let signingFailed = Code(4008, "signingFailed", .security)
    /// A key store could not be read or written.
    public static let keyStoreFailed = Code(4009, "keyStoreFailed", .security)

    // MARK: Storage (5xxx)

    /// The database could not be opened.
    public static let databaseOpenFailed = Code(5001, "databaseOpenFailed", .storage)
    /// A statement failed.
    public static let queryFailed = Code(5002, "queryFailed", .storage)
    /// A migration failed; the database is left at its previous version.
    public static let migrationFailed = Code(5003, "migrationFailed", .storage)
    /// The database was written by a newer version of the SDK and was left untouched.
    public static let databaseTooNew = Code(5004, "databaseTooNew", .storage)
    /// The database file was corrupt; it was moved aside and a new one created.
    public static let databaseCorrupt = Code(5005, "databaseCorrupt", .storage)
    /// A stored value could not be decoded.
    public static let storedValueUnreadable = Code(5006, "storedValueUnreadable", .storage)
    /// The database is closed.
    public static let databaseClosed = Code(5007, "databaseClosed", .storage)
    /// A read asked for the cache only (``ReadPolicy/cacheOnly``), or fell back to it,
    /// and the device holds no answer of the current user for it.
    public static let notCached = Code(5008, "notCached", .storage)

    // MARK: Session (6xxx)

    /// There are no tokens: the user is not logged in.
    public static let notAuthenticated = Code(6001, "notAuthenticated", .session)
    /// The server rejected the refresh token; the session has ended.
    public static let refreshRejected = Code(6002, "refreshRejected", .session)
    /// Refreshing failed for now (no connection, a timeout, a 5xx); the session is kept.
    public static let refreshFailed = Code(6003, "refreshFailed", .session)
    /// Refresh calls are paused by the circuit breaker.
    public static let circuitOpen = Code(6004, "circuitOpen", .session)
    /// Login did not finish within the login timeout.
    public static let loginTimedOut = Code(6005, "loginTimedOut", .session)
    /// The server answered 401 to a request sent with a fresh token.
    public static let unauthorized = Code(6006, "unauthorized", .session)
    /// The session has ended: a status the error policy treats as fatal, or an expired
    /// access token that cannot be refreshed.
    public static let sessionEnded = Code(6007, "sessionEnded", .session)

    // MARK: Events (7xxx)

    /// An event is larger than a batch may be.
    public static let eventTooLarge = Code(7001, "eventTooLarge", .events)
    /// An event's name or parameters are invalid.
    public static let invalidEvent = Code(7002, "invalidEvent", .events)
    /// An event batch was dropped after its bounded attempts.
    public static let batchDropped = Code(7003, "batchDropped", .events)
    /// The analytics pipeline is stopped.
    public static let pipelineStopped = Code(7004, "pipelineStopped", .events)

    // MARK: Push (8xxx)

    /// The push payload is malformed.
    public static let invalidPushPayload = Code(8001, "invalidPushPayload", .push)
    /// There is no device token to register.
    public static let missingDeviceToken = Code(8002, "missingDeviceToken", .push)

    // MARK: Decoding (9xxx)

    /// A response or stored document does not have the expected structure.
    public static let decodingFailed = Code(9001, "decodingFailed", .decoding)
    /// A required field is missing.
    public static let missingField = Code(9002, "missingField", .decoding)
    /// A field has a type that cannot be converted.
    public static let typeMismatch = Code(9003, "typeMismatch", .decoding)
    /// A date string matches none of the known formats.
    public static let invalidDate = Code(9004, "invalidDate", .decoding)

    // MARK: Server (10xxx)

    /// The server answered with an HTTP error status.
    public static let httpStatus = Code(10_001, "httpStatus", .server)
    /// The server's envelope reported a non-success status.
    public static let serverStatus = Code(10_002, "serverStatus", .server)
    /// The server asked the client to slow down (429).
    public static let rateLimited = Code(10_003, "rateLimited", .server)
    /// The request body was too large for the server (413).
    public static let payloadTooLarge = Code(10_004, "payloadTooLarge", .server)
    /// The backend does not offer a call beyond the seed's contract (points of interest,
    /// the directory, the flows): it answered 404, 501, an unknown action, a declined
    /// status, or a success without what the call asked for. Nothing stored was changed.
    public static let notOffered = Code(10_005, "notOffered", .server)

    // MARK: General (11xxx)

    /// An argument passed to an SDK call is invalid.
    public static let invalidArgument = Code(11_001, "invalidArgument", .general)
    /// An operation is not supported on this platform or in this configuration.
    public static let unsupported = Code(11_002, "unsupported", .general)
    /// An unexpected internal state; please report it.
    public static let internalInconsistency = Code(11_003, "internalInconsistency", .general)
    /// The call needs a privacy feature the user turned off (``PrivacyFeatures``).
    public static let featureDisabled = Code(11_004, "featureDisabled", .general)
    /// The user or the language a read was asked for changed while it was in flight (a
    /// login, a logout, ``AppLifecycle/setLanguage(_:)``): its answer was dropped, shown
    /// nowhere. `changed` says which (`user`, `language`), `call` names the read.
    public static let contextChanged = Code(11_005, "contextChanged", .general)

    // MARK: Location (120xx)

    /// A location's latitude or longitude is not a finite number in range.
    public static let invalidLocation = Code(12_001, "invalidLocation", .location)
    /// A location's horizontal accuracy is negative or not a number.
    public static let invalidAccuracy = Code(12_002, "invalidAccuracy", .location)
    /// A point of interest's coordinates or radius are out of range.
    public static let invalidPointOfInterest = Code(
      12_003, "invalidPointOfInterest", .location)
    /// More regions were asked for than a platform monitors (20), or fewer than one.
    public static let regionLimitExceeded = Code(12_004, "regionLimitExceeded", .location)
    /// A points-of-interest sync answer could not be used; nothing of it was kept.
    public static let poiSyncFailed = Code(12_005, "poiSyncFailed", .location)
    // MARK: Flows (13xxx): account and payment flows (LoyaltyFlows)

    /// An input the flow's current state does not accept (a code while awaiting a PIN, any
    /// input after the flow ended); the state is unchanged.
    public static let flowInputRefused = Code(13_001, "flowInputRefused", .flow)
    /// A PIN breaks a rule (length, digits only, all one digit, a simple sequence, the new
    /// PIN equal to the old one); nothing was sent.
    public static let invalidPIN = Code(13_002, "invalidPIN", .flow)
    /// The PIN and its confirmation differ; nothing was sent.
    public static let pinMismatch = Code(13_003, "pinMismatch", .flow)
    /// The one-time code expired before it was submitted; resend a code.
    public static let otpExpired = Code(13_004, "otpExpired", .flow)
    /// A new code was asked for before the server allows one; `secondsLeft` says how long
    /// to wait.
    public static let resendTooEarly = Code(13_005, "resendTooEarly", .flow)
    /// Every attempt at the one-time code was used; the flow failed.
    public static let otpAttemptsExhausted = Code(13_006, "otpAttemptsExhausted", .flow)
    /// The flow's session (started by client verification) expired; the flow failed.
    public static let flowSessionExpired = Code(13_007, "flowSessionExpired", .flow)
    /// A step answered a status that ends the flow (401, 444, 500, 501).
    public static let flowFatalStatus = Code(13_008, "flowFatalStatus", .flow)
    /// A step was refused with a status the host shows inline (400, 404, 409, 422...);
    /// the flow goes on.
    public static let flowStepRejected = Code(13_009, "flowStepRejected", .flow)
    /// A face image is not a JPEG or PNG, or is larger than the cap.
    public static let invalidFlowImage = Code(13_010, "invalidFlowImage", .flow)
    /// The user cancelled the flow while the call was under way.
    public static let flowCancelled = Code(13_011, "flowCancelled", .flow)

    // MARK: Directory (14xxx): the merchant directory (LoyaltyDirectory)

    /// No directory snapshot has been installed yet: sync once before searching.
    public static let directoryNotSynced = Code(14_001, "directoryNotSynced", .directory)
    /// The directory manifest is not JSON or lacks a field (version, size, sha256,
    /// schemaVersion); `field` names it.
    public static let directoryManifestInvalid = Code(
      14_002, "directoryManifestInvalid", .directory)
    /// The snapshot's schema version is newer (or older) than this SDK reads; the
    /// previous snapshot is kept.
    public static let directorySchemaUnsupported = Code(
      14_003, "directorySchemaUnsupported", .directory)
    /// The snapshot ended before the manifest's size (or its gzip stream is cut short);
    /// the previous snapshot is kept.
    public static let directorySnapshotTruncated = Code(
      14_004, "directorySnapshotTruncated", .directory)
    /// The snapshot's SHA-256 differs from the manifest's; the previous snapshot is kept.
    public static let directorySnapshotHashMismatch = Code(
      14_005, "directorySnapshotHashMismatch", .directory)
    /// The snapshot is not a sound SQLite database (`PRAGMA integrity_check` failed);
    /// the previous snapshot is kept.
    public static let directorySnapshotCorrupt = Code(
      14_006, "directorySnapshotCorrupt", .directory)
    /// The snapshot's body is not gzip (an HTML page answered with 200); the previous
    /// snapshot is kept.
    public static let directorySnapshotInvalidBody = Code(
      14_007, "directorySnapshotInvalidBody", .directory)
    /// The snapshot could not be written to disk (disk full, no permission); the previous
    /// snapshot is kept.
    public static let directoryWriteFailed = Code(14_008, "directoryWriteFailed", .directory)
    /// The manifest or snapshot download failed (connection dropped, HTTP error); the
    /// underlying error says why; the previous snapshot is kept.
    public static let directoryDownloadFailed = Code(
      14_009, "directoryDownloadFailed", .directory)
    /// The system SQLite has no FTS5 and the host required full-text search.
    public static let directoryFullTextUnavailable = Code(
      14_010, "directoryFullTextUnavailable", .directory)
    /// A search filtered on a provider that is not enabled (or compiled out).
    public static let directoryProviderDisabled = Code(
      14_011, "directoryProviderDisabled", .directory)

    /// Every code the SDK defines, in table order.
    public static let all: [Code] = [
      .missingAppUUID, .invalidAppUUID, .invalidBaseURL, .invalidTimeout, .invalidRetryAttempts,
      .retryDelaysMismatch, .invalidRefreshThreshold, .invalidCacheSize, .invalidCircuitBreaker,
      .invalidConcurrencyLimit, .invalidLanguage, .invalidBundleID, .configurationCoding,
      .configurationFile, .invalidRetryDelay, .invalidResponseLimit, .invalidDeviceIdentity,
      .invalidPrivacyFeature,
      .missingRequirement, .duplicateCapability, .duplicateModule, .dependencyCycle,
      .moduleStartFailed, .capabilityUnavailable, .capabilityCreationFailed,
      .undeclaredCapability, .clientShutDown,
      .invalidURL, .transportFailed, .timedOut, .notConnected, .cancelled, .decompressionFailed,
      .invalidResponse, .emptyResponse, .requestEncodingFailed, .responseTooLarge, .connectionLost,
      .outcomeUnknown,
      .invalidKey, .encryptionFailed, .decryptionFailed, .invalidCiphertext, .keyGenerationFailed,
      .invalidPEM, .malformedJWT, .signingFailed, .keyStoreFailed,
      .databaseOpenFailed, .queryFailed, .migrationFailed, .databaseTooNew, .databaseCorrupt,
      .storedValueUnreadable, .databaseClosed, .notCached,
      .notAuthenticated, .refreshRejected, .refreshFailed, .circuitOpen, .loginTimedOut,
      .unauthorized, .sessionEnded,
      .eventTooLarge, .invalidEvent, .batchDropped, .pipelineStopped,
      .invalidPushPayload, .missingDeviceToken,
      .decodingFailed, .missingField, .typeMismatch, .invalidDate,
      .httpStatus, .serverStatus, .rateLimited, .payloadTooLarge, .notOffered,
      .invalidArgument, .unsupported, .internalInconsistency, .featureDisabled, .contextChanged,
      .invalidLocation, .invalidAccuracy, .invalidPointOfInterest, .regionLimitExceeded,
      .poiSyncFailed,
      .flowInputRefused, .invalidPIN, .pinMismatch, .otpExpired, .resendTooEarly,
      .otpAttemptsExhausted, .flowSessionExpired, .flowFatalStatus, .flowStepRejected,
      .invalidFlowImage, .flowCancelled,
      .directoryNotSynced, .directoryManifestInvalid, .directorySchemaUnsupported,
      .directorySnapshotTruncated, .directorySnapshotHashMismatch, .directorySnapshotCorrupt,
      .directorySnapshotInvalidBody, .directoryWriteFailed, .directoryDownloadFailed,
      .directoryFullTextUnavailable, .directoryProviderDisabled,
    ]
  }
}
