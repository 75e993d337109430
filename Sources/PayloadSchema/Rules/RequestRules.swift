// Requests: method, path, provider token and headers, with APNs' answers (SPEC §9): one definition per rule.
// How to add one: docs/adding-a-rule.md.

extension RuleDefinition {
  /// `request-method`
  static var requestMethod: Self {
    Self(.error, .request, answer: APNsAnswer(.methodNotAllowed), part: .method,
         fix: .never("a request with another method may not be meant as a push at all; what it was meant to do only the author knows"),
         consequence: "APNs refuses the request: 405 MethodNotAllowed",
         summary: "a request method other than POST (405 MethodNotAllowed)",
         card: RuleCard(symptom: "APNs answers 405 MethodNotAllowed and nothing is delivered.",
                        remedy: "Send pushes with the POST method.",
                        platforms: .allAPNs, sources: [.sendingNotificationRequests, .deviceResponses])) {
      RuleExamples("1️⃣GET /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}")
    }
  }

  /// `request-path`
  static var requestPath: Self {
    Self(.error, .request, answer: APNsAnswer(.badPath), part: .path,
         fix: .never("the path meant, with its device token or bundle id, cannot be recovered from a wrong one"),
         consequence: "APNs refuses the request: 404 BadPath",
         summary: "a path other than /3/device/<token> or /4/broadcasts/apps/<bundle-id> (404 BadPath)",
         card: RuleCard(symptom: "APNs answers 404 BadPath and nothing is delivered.",
                        remedy: "Post to /3/device/ followed by the device token (a broadcast to /4/broadcasts/apps/ followed by the bundle id).",
                        platforms: .allAPNs, sources: [.sendingNotificationRequests, .deviceResponses])) {
      RuleExamples("POST 1️⃣/3/devices/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}")
    }
  }

  /// `device-token-missing`
  static var deviceTokenMissing: Self {
    Self(.error, .request, answer: APNsAnswer(.missingDeviceToken), part: .path,
         fix: .never("the device token is the app's data, handed over by the device; the tool cannot know it"),
         consequence: "APNs refuses the request: 400 MissingDeviceToken",
         summary: "/3/device/ with no token (400 MissingDeviceToken)",
         card: RuleCard(symptom: "APNs answers 400 MissingDeviceToken and nothing is delivered.",
                        remedy: "Put the device token after /3/device/ in the path.",
                        platforms: .allAPNs, sources: [.sendingNotificationRequests, .deviceResponses])) {
      RuleExamples("POST 1️⃣/3/device/ HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}")
    }
  }

  /// `device-token-syntax`
  static var deviceTokenSyntax: Self {
    Self(.error, .request, answer: APNsAnswer(.badDeviceToken), part: .path,
         fix: .never("the real token cannot be recovered from a malformed one; copy it again from the device's registration"),
         consequence: "APNs refuses the request: 400 BadDeviceToken",
         summary: "a device token that is not hexadecimal or has an odd length (400 BadDeviceToken); any even length is fine",
         card: RuleCard(symptom: "APNs answers 400 BadDeviceToken and nothing is delivered.",
                        remedy: "Send the token as the hexadecimal string of the bytes the app received, with no spaces, angle brackets or base64.",
                        platforms: .allAPNs, sources: [.sendingNotificationRequests, .deviceResponses])) {
      RuleExamples("POST 1️⃣/3/device/0a1b2c3 HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}")
    }
  }

  /// `header-duplicate`
  static var headerDuplicate: Self {
    Self(.error, .request, answer: APNsAnswer(.duplicateHeaders), part: .headers,
         fix: .never("which of the two values was meant only the author knows"),
         consequence: "APNs refuses the request: 400 DuplicateHeaders",
         summary: "a header given twice (400 DuplicateHeaders)",
         card: RuleCard(symptom: "APNs answers 400 DuplicateHeaders and nothing is delivered.",
                        remedy: "Send each header once.",
                        platforms: .allAPNs, sources: [.sendingNotificationRequests, .deviceResponses])) {
      RuleExamples("POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\napns-topic: 1️⃣com.example.app\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}")
    }
  }

  /// `apns-id-syntax`
  static var apnsIDSyntax: Self {
    Self(.error, .request, answer: APNsAnswer(.badMessageId), part: .headers,
         fix: .never("the intended id cannot be recovered from a malformed one; generate a new UUID or omit the header"),
         consequence: "APNs refuses the request: 400 BadMessageId",
         summary: "apns-id not a canonical UUID, 8-4-4-4-12 hexadecimal (400 BadMessageId)",
         card: RuleCard(symptom: "APNs answers 400 BadMessageId and nothing is delivered.",
                        remedy: "Send apns-id as a canonical UUID (8-4-4-4-12 hexadecimal digits), or leave it out and let APNs make one.",
                        platforms: .allAPNs, sources: [.sendingNotificationRequests, .deviceResponses])) {
      RuleExamples("POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\napns-id: 1️⃣42\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\napns-id: 123e4567-e89b-12d3-a456-4266554400a0\n\n{\"aps\": {\"alert\": \"Hi\"}}")
    }
  }

  /// `expiration-syntax`
  static var expirationSyntax: Self {
    Self(.error, .request, answer: APNsAnswer(.badExpirationDate), part: .headers,
         fix: .never("the moment the push should lapse is the author's choice; a malformed value does not say it"),
         consequence: "APNs refuses the request: 400 BadExpirationDate",
         summary: "apns-expiration not a non-negative integer (400 BadExpirationDate)",
         card: RuleCard(symptom: "APNs answers 400 BadExpirationDate and nothing is delivered.",
                        remedy: "Send apns-expiration as whole seconds since 1970, or 0 to try only once.",
                        platforms: .allAPNs, sources: [.sendingNotificationRequests, .deviceResponses])) {
      RuleExamples("POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\napns-expiration: 1️⃣tomorrow\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\napns-expiration: 0\n\n{\"aps\": {\"alert\": \"Hi\"}}")
    }
  }

  /// `expiration-unit`
  static var expirationUnit: Self {
    Self(.warning, .request, part: .headers,
         fix: .never("a large value is likely milliseconds but may be a mistyped date; the moment the push lapses is the author's to confirm"),
         consequence: "APNs reads seconds since 1970, so a value in milliseconds is a date thousands of years ahead: a push meant to lapse is kept as long as APNs keeps any push and reaches a device that comes online long after it mattered",
         summary: "apns-expiration that looks like milliseconds (above 10^11)",
         card: RuleCard(symptom: "A push meant to lapse is kept as long as APNs keeps any push, and reaches a device that comes online long after it mattered.",
                        remedy: "Send apns-expiration in seconds since 1970, not milliseconds.",
                        platforms: .allAPNs, sources: [.sendingNotificationRequests])) {
      RuleExamples("POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\napns-expiration: 1️⃣1700086400000\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\napns-expiration: 1700086400\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   triggerFlags: "--now 1700000600",
                   passFlags: "--now 1700000600")
    }
  }

  /// `expiration-past`
  static var expirationPast: Self {
    Self(.warning, .request, part: .headers,
         fix: .never("how long APNs should keep the push is the author's choice; a date in the past does not say it"),
         consequence: "APNs tries to deliver once and stores nothing, so a device that is offline at that moment never gets the push, while one that is online gets it as meant",
         summary: "apns-expiration nonzero and before now: APNs tries once and stores nothing",
         card: RuleCard(symptom: "A device that is offline at the moment of sending never gets the push: APNs tries once and stores nothing.",
                        remedy: "Set apns-expiration to a future time until which the push is still worth delivering, or 0 if it only matters now.",
                        platforms: .allAPNs, sources: [.sendingNotificationRequests])) {
      RuleExamples("POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\napns-expiration: 1️⃣1699990000\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\napns-expiration: 1700086400\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   triggerFlags: "--now 1700000600",
                   passFlags: "--now 1700000600")
    }
  }

  /// `push-type-unknown`
  static var pushTypeUnknown: Self {
    Self(.error, .request, answer: APNsAnswer(.invalidPushType), part: .headers,
         fix: .never("which push type an unknown name stands for the tool cannot know, and the push type decides how the device treats the push"),
         consequence: "APNs refuses the request: 400 InvalidPushType (another capitalization of a documented push type, which APNs is not documented to refuse, is push-type-spelling)",
         summary: "apns-push-type not one of the push types (400 InvalidPushType); another case of one is push-type-spelling",
         card: RuleCard(symptom: "APNs answers 400 InvalidPushType and nothing is delivered.",
                        remedy: "Send one of Apple's push types, in lowercase: alert, background, location, voip, complication, fileprovider, mdm, liveactivity, pushtotalk, widgets, controls or accessory.",
                        platforms: .allAPNs, sources: [.sendingNotificationRequests, .deviceResponses])) {
      RuleExamples("POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: 1️⃣notification\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}")
    }
  }

  /// `push-type-spelling`
  static var pushTypeSpelling: Self {
    Self(.warning, .request, part: .headers, group: RuleID(PayloadRule.pushTypeUnknown),
         fix: .never("the header is written by the provider's code or its library, not in the payload"),
         consequence: "APNs is not documented to refuse another capitalization of a documented push type, so the push most likely arrives as that type; only the spelling differs from Apple's",
         summary: "apns-push-type written in another case than Apple's documentation (Alert, LiveActivity on a device push)",
         card: RuleCard(symptom: "Likely nothing: APNs is not documented to refuse it, but nothing documents that it accepts it either.",
                        remedy: "Write the push type as Apple does, in lowercase (alert, liveactivity); a broadcast's as LiveActivity.",
                        platforms: .allAPNs, sources: [.sendingNotificationRequests])) {
      RuleExamples("POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: 1️⃣Alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}")
    }
  }

  /// `push-type-missing`
  static var pushTypeMissing: Self {
    Self(.warning, .request, part: .headers,
         fix: .never("the push type can only be guessed from the payload; the author must name the one meant"),
         consequence: "APNs guesses the push type from the payload, so a push whose payload looks like another type is sent as that type (on watchOS, which requires the header, push-type-missing-watchos)",
         summary: "no apns-push-type: recommended everywhere (on watchOS, which requires it, push-type-missing-watchos)",
         card: RuleCard(symptom: "APNs guesses the push type; on watchOS it may answer an error, delay the notification or drop it.",
                        remedy: "Send apns-push-type on every request, matching the payload.",
                        platforms: .allAPNs, sources: [.sendingNotificationRequests])) {
      RuleExamples("1️⃣POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}")
    }
  }

  /// `push-type-missing-watchos`
  static var pushTypeMissingWatchOS: Self {
    Self(.error, .request, part: .headers, group: RuleID(PayloadRule.pushTypeMissing),
         fix: .never("the push type can only be guessed from the payload; the author must name the one meant"),
         consequence: "watchOS 6 and later require apns-push-type: Apple says that without it APNs may return an error, delay the notification or drop it",
         summary: "no apns-push-type on a push to watchOS, which requires it",
         card: RuleCard(symptom: "APNs may answer an error, deliver late or drop the push to the watch.",
                        remedy: "Send apns-push-type on every request to watchOS, matching the payload.",
                        platforms: [.watchOS("6.0")], sources: [.sendingNotificationRequests])) {
      RuleExamples("1️⃣POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app.watchkitapp\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app.watchkitapp\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   triggerFlags: "--platform watchos", passFlags: "--platform watchos")
    }
  }

  /// `topic-missing`
  static var topicMissing: Self {
    Self(.error, .request, answer: APNsAnswer(.missingTopic), part: .headers,
         fix: .never("the topic is the app's bundle id (with its push type's suffix), which the request does not contain"),
         consequence: "APNs refuses the request: 400 MissingTopic (a broadcast without apns-channel-id: 400 MissingChannelId); with a certificate, where APNs uses the certificate's topic, it is topic-missing-certificate",
         summary: "no apns-topic on a token-authenticated request (400 MissingTopic); a broadcast without apns-channel-id (400 MissingChannelId)",
         card: RuleCard(symptom: "APNs answers 400 MissingTopic (a broadcast without apns-channel-id: 400 MissingChannelId) and nothing is delivered.",
                        remedy: "Send apns-topic: the app's bundle id, with the push type's suffix where one is needed.",
                        platforms: .allAPNs, sources: [.sendingNotificationRequests, .deviceResponses])) {
      RuleExamples("1️⃣POST /3/device/0a1b2c3d HTTP/2\nauthorization: bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzAwMDAwMDAwfQ.K7Z-2j7ixFdQRvDHQkGe4rS5gdwlAomQuVhaVh1UuBDcWdVqN4BY_Pqg4zercL8O-bYJ8w05Gp4uilgQJc4QIA\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\nauthorization: bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzAwMDAwMDAwfQ.K7Z-2j7ixFdQRvDHQkGe4rS5gdwlAomQuVhaVh1UuBDcWdVqN4BY_Pqg4zercL8O-bYJ8w05Gp4uilgQJc4QIA\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   triggerFlags: "--now 1700000600",
                   passFlags: "--now 1700000600")
    }
  }

  /// `topic-missing-certificate`
  static var topicMissingCertificate: Self {
    Self(.warning, .request, part: .headers, group: RuleID(PayloadRule.topicMissing),
         fix: .never("the topic is the app's bundle id (with its push type's suffix), which the request does not contain"),
         consequence: "with a certificate APNs uses the certificate's topic, so the push arrives; it goes to the wrong topic only when the certificate has several (an app's and its VoIP or complication topic)",
         summary: "no apns-topic on a certificate-authenticated request: APNs uses the certificate's topic, the wrong one when it has several",
         card: RuleCard(symptom: "Usually nothing; with a certificate for several topics, the push may go to the wrong one (the app instead of its VoIP topic).",
                        remedy: "Send apns-topic: the app's bundle id, with the push type's suffix where one is needed.",
                        platforms: .allAPNs, sources: [.sendingNotificationRequests, .certificateConnection])) {
      RuleExamples("1️⃣POST /3/device/0a1b2c3d HTTP/2\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   triggerFlags: "--auth certificate", passFlags: "--auth certificate")
    }
  }

  /// `topic-syntax`
  static var topicSyntax: Self {
    Self(.error, .request, answer: APNsAnswer(.badTopic), part: .headers,
         fix: .never("the bundle id meant cannot be recovered from a malformed topic"),
         consequence: "APNs refuses the request: 400 BadTopic (a broadcast topic with a suffix: 400 TopicDisallowed)",
         summary: "apns-topic not a bundle identifier (400 BadTopic); a broadcast topic with a suffix (400 TopicDisallowed)",
         card: RuleCard(symptom: "APNs answers 400 BadTopic (a broadcast topic with a suffix: 400 TopicDisallowed) and nothing is delivered.",
                        remedy: "Send apns-topic as the app's bundle identifier plus its push type's suffix, and the bare bundle id for a broadcast.",
                        platforms: .allAPNs, sources: [.sendingNotificationRequests, .deviceResponses])) {
      RuleExamples("POST /3/device/0a1b2c3d HTTP/2\napns-topic: 1️⃣com.example..app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}")
    }
  }

  /// `provider-token-missing`
  static var providerTokenMissing: Self {
    Self(.error, .request, answer: APNsAnswer(.missingProviderToken), part: .authentication,
         fix: .never("the token is made by the provider's code at send time with its signing key; the tool cannot write one"),
         consequence: "APNs refuses the request: 403 MissingProviderToken",
         summary: "token authentication and no authorization header (403 MissingProviderToken)",
         card: RuleCard(symptom: "APNs answers 403 MissingProviderToken and nothing is delivered.",
                        remedy: "Send authorization: bearer and a JWT signed with your APNs key, or connect with a client certificate.",
                        platforms: .allAPNs, sources: [.sendingNotificationRequests, .deviceResponses, .tokenConnection])) {
      RuleExamples("1️⃣POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\nauthorization: bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzAwMDAwMDAwfQ.K7Z-2j7ixFdQRvDHQkGe4rS5gdwlAomQuVhaVh1UuBDcWdVqN4BY_Pqg4zercL8O-bYJ8w05Gp4uilgQJc4QIA\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   triggerFlags: "--auth token --now 1700000600",
                   passFlags: "--auth token --now 1700000600")
    }
  }

  /// `provider-token-syntax`
  static var providerTokenSyntax: Self {
    Self(.error, .request, answer: APNsAnswer(.invalidProviderToken), part: .authentication,
         fix: .never("a provider token is signed with the provider's key at send time; the tool cannot make or repair one"),
         consequence: "APNs refuses the request: 403 InvalidProviderToken (an iat written as a string of digits, which APNs accepts, is token-iat-string)",
         summary: "authorization not bearer and an ES256 JWT with kid, iss and iat as Apple requires (403 InvalidProviderToken)",
         card: RuleCard(symptom: "APNs answers 403 InvalidProviderToken and nothing is delivered.",
                        remedy: "Build the JWT with header alg ES256 and kid your key id, and claims iss your team id and iat the time of issue as a number of seconds.",
                        platforms: .allAPNs, sources: [.sendingNotificationRequests, .deviceResponses, .tokenConnection, .rfc7519])) {
      RuleExamples("POST /3/device/0a1b2c3d HTTP/2\nauthorization: 1️⃣bearer eyJhbGciOiJIUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzAwMDAwMDAwfQ.eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHg\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\nauthorization: bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzAwMDAwMDAwfQ.K7Z-2j7ixFdQRvDHQkGe4rS5gdwlAomQuVhaVh1UuBDcWdVqN4BY_Pqg4zercL8O-bYJ8w05Gp4uilgQJc4QIA\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   triggerFlags: "--now 1700000600",
                   passFlags: "--now 1700000600")
    }
  }

  /// `token-iat-string`
  static var tokenIATString: Self {
    Self(.warning, .request, part: .authentication, group: RuleID(PayloadRule.providerTokenSyntax),
         fix: .never("a provider token is signed with the provider's key at send time; the tool cannot make or repair one"),
         consequence: "APNs accepts a provider token whose iat is a string of digits, so the push arrives; RFC 7519 wants a number, and a stricter check may refuse it",
         summary: "the provider token's iat is a string of digits, not a number (RFC 7519's NumericDate): APNs accepts it today",
         card: RuleCard(symptom: "Nothing today: APNs accepts the token; the claim is not the number RFC 7519 describes.",
                        remedy: "Write iat as a number of seconds since 1970 (\"iat\": 1700000000, not \"1700000000\").",
                        platforms: .allAPNs, sources: [.tokenConnection, .rfc7519])) {
      RuleExamples("POST /3/device/0a1b2c3d HTTP/2\nauthorization: 1️⃣bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoiMTcwMDAwMDAwMCJ9.K7Z-2j7ixFdQRvDHQkGe4rS5gdwlAomQuVhaVh1UuBDcWdVqN4BY_Pqg4zercL8O-bYJ8w05Gp4uilgQJc4QIA\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\nauthorization: bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzAwMDAwMDAwfQ.K7Z-2j7ixFdQRvDHQkGe4rS5gdwlAomQuVhaVh1UuBDcWdVqN4BY_Pqg4zercL8O-bYJ8w05Gp4uilgQJc4QIA\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   triggerFlags: "--now 1700000600",
                   passFlags: "--now 1700000600")
    }
  }

  /// `provider-token-expired`
  static var providerTokenExpired: Self {
    Self(.error, .request, answer: APNsAnswer(.expiredProviderToken), part: .authentication,
         fix: .never("a provider token is made by the provider's code at send time, not written in the file"),
         consequence: "APNs refuses the request: 403 ExpiredProviderToken",
         summary: "a provider token issued more than an hour ago (403 ExpiredProviderToken)",
         card: RuleCard(symptom: "APNs answers 403 ExpiredProviderToken and nothing is delivered.",
                        remedy: "Make a new token at least once an hour (and not more often than every 20 minutes), with iat from the current clock.",
                        platforms: .allAPNs, sources: [.sendingNotificationRequests, .deviceResponses, .tokenConnection])) {
      RuleExamples("POST /3/device/0a1b2c3d HTTP/2\nauthorization: 1️⃣bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNjk5OTkwMDAwfQ.mKzVJeAH8m-uRUzNYnIqKVTQOyouA10PscW4uCCL-Bl6cnTjj66q_D4_cTZZkQ7XYZLjC1cZYzmVm5QdDFIwGA\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\nauthorization: bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzAwMDAwMDAwfQ.K7Z-2j7ixFdQRvDHQkGe4rS5gdwlAomQuVhaVh1UuBDcWdVqN4BY_Pqg4zercL8O-bYJ8w05Gp4uilgQJc4QIA\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   triggerFlags: "--now 1700000600",
                   passFlags: "--now 1700000600")
    }
  }

  /// `provider-token-signature`
  static var providerTokenSignature: Self {
    Self(.error, .request, answer: APNsAnswer(.invalidProviderToken), part: .authentication,
         fix: .never("a valid signature needs the provider's private key and a token made at send time, not an edit to the file"),
         consequence: "APNs refuses the request: 403 InvalidProviderToken",
         summary: "with --key: the ES256 signature does not verify, or kid is not the key's id (403 InvalidProviderToken)",
         card: RuleCard(symptom: "APNs answers 403 InvalidProviderToken and nothing is delivered.",
                        remedy: "Sign with ES256 using the .p8 key whose id is in kid; check that the key file and the key id belong together.",
                        platforms: .allAPNs, sources: [.sendingNotificationRequests, .deviceResponses, .tokenConnection])) {
      RuleExamples("POST /3/device/0a1b2c3d HTTP/2\nauthorization: 1️⃣bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzAwMDAwMDAwfQ.YfLmpTmYrB8e5xxfAANSv57cpRWoB6GAuvUUu_pt2cw-H50mTubbcZPNTtP6Nli34ovWzRPpMPZgWqz2NYq28w\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\nauthorization: bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzAwMDAwMDAwfQ.K7Z-2j7ixFdQRvDHQkGe4rS5gdwlAomQuVhaVh1UuBDcWdVqN4BY_Pqg4zercL8O-bYJ8w05Gp4uilgQJc4QIA\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   triggerFlags: "--now 1700000600 --key Fixtures/keys/AuthKey_ABC123DEFG.p8",
                   passFlags: "--now 1700000600 --key Fixtures/keys/AuthKey_ABC123DEFG.p8")
    }
  }

  /// `provider-token-scope`
  static var providerTokenScope: Self {
    Self(.error, .request, part: .authentication,
         fix: .never("which key to use for that environment or topic is a choice among the provider's keys, not an edit to the file"),
         consequence: "APNs refuses a token whose key may not be used where it is sent (Apple's key model of 2025, \"Establishing a token-based connection to APNs\"): 403 BadEnvironmentKeyIdInToken for a key limited to the other environment, 403 Forbidden for a topic-specific key used for a topic it does not list",
         summary: "with --key FILE:SCOPE: the key is limited to the other environment (--environment, or the request's host), or to topics that do not include apns-topic",
         card: RuleCard(symptom: "APNs answers 403 BadEnvironmentKeyIdInToken (on the wire BadEnvironmentKeyInToken) or 403 Forbidden and nothing is delivered.",
                        remedy: "Sign with a key enabled for this environment and topic (Certificates, Identifiers & Profiles), or send to the host of the key's environment.",
                        platforms: .allAPNs, sources: [.tokenConnection, .deviceResponses])) {
      RuleExamples("POST /3/device/0a1b2c3d HTTP/2\nauthorization: 1️⃣bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzAwMDAwMDAwfQ.K7Z-2j7ixFdQRvDHQkGe4rS5gdwlAomQuVhaVh1UuBDcWdVqN4BY_Pqg4zercL8O-bYJ8w05Gp4uilgQJc4QIA\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\nauthorization: bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzAwMDAwMDAwfQ.K7Z-2j7ixFdQRvDHQkGe4rS5gdwlAomQuVhaVh1UuBDcWdVqN4BY_Pqg4zercL8O-bYJ8w05Gp4uilgQJc4QIA\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   triggerFlags: "--now 1700000600 --key Fixtures/keys/AuthKey_ABC123DEFG.p8:production --environment sandbox",
                   passFlags: "--now 1700000600 --key Fixtures/keys/AuthKey_ABC123DEFG.p8:sandbox --environment sandbox")
    }
  }

  /// `location-auth`
  static var locationAuth: Self {
    Self(.error, .request, part: .authentication,
         fix: .never("token authentication is a change to the provider's connection and keys, not to the request's text"),
         consequence: "Apple says location pushes support only token-based authentication, so one sent over a certificate connection does not reach the location push extension (APNs' answer is not documented)",
         summary: "a location push without token authentication",
         card: RuleCard(symptom: "The push does not reach the location push service extension: location pushes need token authentication.",
                        remedy: "Send location pushes over a token-authenticated connection (a .p8 key), not with a certificate.",
                        platforms: [.iOS("15.0"), .iPadOS("15.0")], sources: [.locationPushExtension, .tokenConnection])) {
      RuleExamples("1️⃣POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app.location-query\napns-push-type: location\napns-priority: 5\n\n{\"aps\": {}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\nauthorization: bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzAwMDAwMDAwfQ.K7Z-2j7ixFdQRvDHQkGe4rS5gdwlAomQuVhaVh1UuBDcWdVqN4BY_Pqg4zercL8O-bYJ8w05Gp4uilgQJc4QIA\napns-topic: com.example.app.location-query\napns-push-type: location\napns-priority: 5\n\n{\"aps\": {}}",
                   triggerFlags: "--now 1700000600",
                   passFlags: "--now 1700000600")
    }
  }

  /// `channel-request`
  static var channelRequest: Self {
    Self(.error, .request, part: .path,
         fix: .never("what the channel request was meant to do (its method, channel id or body) only the author knows"),
         consequence: "APNs refuses the channel management request with the answer the finding names (400 MissingChannelId, BadChannelId, BadRequestPayload, BadRequestParams, MissingPushType, InvalidPushType, MissingChannelQueueSize or TopicDisallowed, 405 MethodNotAllowed, 404 BadPath)",
         summary: "a channel management request (/1/apps/<bundle-id>/channels, all-channels) APNs refuses: wrong method, no or bad apns-channel-id, a create body that does not parse, has a member APNs does not know, lacks push-type LiveActivity or a storage policy of 0 or 1, a bundle id with a push type suffix (400 MissingChannelId, BadChannelId, BadRequestPayload, BadRequestParams, MissingPushType, InvalidPushType, MissingChannelQueueSize, TopicDisallowed; 405 MethodNotAllowed; 404 BadPath)",
         card: RuleCard(symptom: "APNs refuses the channel management request with the answer the finding names: no channel is created, read or deleted.",
                        remedy: "Follow Apple's channel requests: the operation's method and path with the bare bundle id, apns-channel-id as create returned it, and a create body of push-type LiveActivity and message-storage-policy 0 or 1.",
                        platforms: [.iOS("18.0"), .iPadOS("18.0")], sources: [.channelManagementRequests, .errorResponses])) {
      RuleExamples("1️⃣GET /1/apps/com.example.app/channels HTTP/2\nauthorization: bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzAwMDAwMDAwfQ.K7Z-2j7ixFdQRvDHQkGe4rS5gdwlAomQuVhaVh1UuBDcWdVqN4BY_Pqg4zercL8O-bYJ8w05Gp4uilgQJc4QIA\n\n",
                   pass: "GET /1/apps/com.example.app/channels HTTP/2\nauthorization: bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzAwMDAwMDAwfQ.K7Z-2j7ixFdQRvDHQkGe4rS5gdwlAomQuVhaVh1UuBDcWdVqN4BY_Pqg4zercL8O-bYJ8w05Gp4uilgQJc4QIA\napns-channel-id: dHN0LXNyY2gtY2hubA==\n\n",
                   triggerFlags: "--now 1700000600",
                   passFlags: "--now 1700000600")
    }
  }

  /// `live-activity-priority-unset`
  static var liveActivityPriorityUnset: Self {
    Self(.info, .request, part: .headers, group: RuleID(PayloadRule.priorityMismatch),
         fix: .never("which updates need to arrive at once is the author's decision"),
         consequence: "none from one push: APNs sends a Live Activity request without apns-priority at 10, which draws on the activity's budget of high-priority updates, past which the system throttles them (Apple, \"Starting and updating Live Activities with ActivityKit push notifications\", Determine the update frequency)",
         summary: "a Live Activity request without apns-priority: APNs sends it at 10, drawing on the activity's budget of high-priority updates",
         card: RuleCard(symptom: "Nothing from one push; many pushes at 10 are throttled once the activity's budget is spent.",
                        remedy: "Send apns-priority 5 for updates that need not arrive at once, and 10 only where they must.",
                        platforms: [.iOS("16.1"), .iPadOS("17.0")], sources: [.liveActivityPushes])) {
      RuleExamples("1️⃣POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app.push-type.liveactivity\napns-push-type: liveactivity\n\n{\"aps\": {\"event\": \"update\", \"timestamp\": 1700000000, \"content-state\": {}}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app.push-type.liveactivity\napns-push-type: liveactivity\napns-priority: 5\n\n{\"aps\": {\"event\": \"update\", \"timestamp\": 1700000000, \"content-state\": {}}}")
    }
  }
}

// The messages each rule reports, in the order of the definitions above; `RequestValidator` makes
// them only when it records a finding.
extension PayloadMessage {
  // MARK: request-method

  static func methodNotPost(_ method: String) -> Self {
    Self(.requestMethod, "method '\(Visible.short(method))' is not POST")
  }

  // MARK: request-path

  static func pathNotDeviceOrBroadcast(_ path: String) -> Self {
    Self(.requestPath, "path '\(Visible.short(path))' is neither /3/device/<token> nor /4/broadcasts/apps/<bundle-id>")
  }

  // MARK: device-token-missing

  static var deviceTokenMissing: Self {
    Self(.deviceTokenMissing, "the path '/3/device/' has no device token")
  }

  // MARK: device-token-syntax

  static func deviceTokenNotHexadecimal(_ token: String) -> Self {
    Self(.deviceTokenSyntax, "device token '\(Visible.short(token))' is not hexadecimal")
  }

  /// `token` is hexadecimal (ASCII), so its byte count is its number of digits.
  static func deviceTokenOddLength(_ token: String) -> Self {
    Self(.deviceTokenSyntax, "device token '\(Visible.short(token))' has an odd number of hexadecimal digits (\(token.utf8.count))")
  }

  // MARK: header-duplicate

  static func headerGivenTwice(_ name: String) -> Self {
    Self(.headerDuplicate, "header '\(Visible.short(name))' is given twice")
  }

  /// The count of duplicates past the ten reported one by one.
  static func moreRepeatedHeaders(_ count: Int) -> Self {
    Self(.headerDuplicate, "\(count) more repeated headers")
  }

  // MARK: apns-id-syntax

  static func apnsIDNotUUID(_ id: String) -> Self {
    Self(.apnsIDSyntax, "apns-id '\(Visible.short(id))' is not a UUID (8-4-4-4-12 hexadecimal digits)")
  }

  // MARK: expiration-syntax

  /// A broadcast without `apns-expiration` (Apple's broadcast header table: Required).
  static var broadcastNeedsExpiration: Self {
    Self(.expirationSyntax, "a broadcast push needs apns-expiration (0 for a No Message Stored channel); Apple's broadcast header table marks it Required")
  }

  static func expirationNotInteger(_ text: String) -> Self {
    Self(.expirationSyntax, "apns-expiration '\(Visible.short(text))' is not a non-negative integer (seconds since 1970, or 0)")
  }

  // MARK: expiration-unit

  static func expirationInMilliseconds(_ value: Int64) -> Self {
    Self(.expirationUnit, "apns-expiration \(value) looks like milliseconds; APNs reads seconds since 1970")
  }

  // MARK: expiration-past

  /// `value` is before `now`, both in seconds since 1970.
  static func expirationPast(_ value: Int64, now: Int64) -> Self {
    Self(.expirationPast, "apns-expiration \(value) is \(now - value) seconds in the past: APNs tries once and stores nothing")
  }

  // MARK: push-type-unknown

  static func pushTypeNotKnown(_ text: String) -> Self {
    Self(.pushTypeUnknown, "apns-push-type '\(Visible.short(text))' is not one of alert, background, location, voip, complication, fileprovider, mdm, liveactivity, pushtotalk, widgets, controls, accessory")
  }

  /// A push type written in another case than `documented`, the spelling Apple's documentation uses.
  static func pushTypeSpelling(_ text: String, documented: String) -> Self {
    Self(.pushTypeSpelling, "apns-push-type '\(Visible.short(text))' is written '\(documented)' in Apple's documentation")
  }

  static func broadcastPushTypeNotLiveActivity(_ text: String) -> Self {
    Self(.pushTypeUnknown, "a broadcast push has apns-push-type 'LiveActivity', not '\(Visible.short(text))'")
  }

  static var broadcastNeedsPushType: Self {
    Self(.pushTypeUnknown, "a broadcast push needs apns-push-type 'LiveActivity'")
  }

  // MARK: push-type-missing

  /// Recommended everywhere but watchOS.
  static var pushTypeMissing: Self {
    Self(.pushTypeMissing, "no apns-push-type: recommended (required on watchOS); APNs guesses from the payload")
  }

  // MARK: push-type-missing-watchos

  /// Required on watchOS.
  static var pushTypeMissingOnWatchOS: Self {
    Self(.pushTypeMissingWatchOS, "no apns-push-type: required for watchOS 6 and later")
  }

  // MARK: topic-missing

  static var topicMissingWithToken: Self {
    Self(.topicMissing, "no apns-topic: token authentication needs the app's bundle id (plus the push type's suffix)")
  }

  static var topicMissingWithCertificate: Self {
    Self(.topicMissingCertificate, "no apns-topic: the certificate's topic is used; name it when the certificate has several")
  }

  static var broadcastNeedsChannelID: Self {
    Self(.topicMissing, "a broadcast push needs apns-channel-id")
  }

  // MARK: topic-syntax

  static func topicNotBundleIdentifier(_ topic: String) -> Self {
    Self(.topicSyntax, "apns-topic '\(Visible.short(topic))' is not a bundle identifier (letters, digits, '-' and '.')")
  }

  static func pathBundleIDNotBundleIdentifier(_ bundleID: String) -> Self {
    Self(.topicSyntax, "the path's bundle id '\(Visible.short(bundleID))' is not a bundle identifier")
  }

  /// The broadcast path names a topic with a push type's `suffix` (one of `PushType.topicSuffix`).
  static func broadcastPathHasSuffix(_ suffix: String) -> Self {
    Self(.topicSyntax, "a broadcast push goes to the app's bundle id, not to a topic with the suffix '\(suffix)'")
  }

  /// The broadcast's apns-topic has a push type's `suffix` (one of `PushType.topicSuffix`).
  static func broadcastTopicHasSuffix(_ suffix: String) -> Self {
    Self(.topicSyntax, "a broadcast push's topic is the bundle id, without the suffix '\(suffix)'")
  }

  // MARK: provider-token-missing

  static var providerTokenMissing: Self {
    Self(.providerTokenMissing, "token authentication and no 'authorization' header ('bearer <provider token>')")
  }

  // MARK: provider-token-syntax, provider-token-expired

  /// The problem's own message (`token check` prints it too): `provider-token-expired` for
  /// `.expired`, `provider-token-syntax` for every other problem.
  static func providerToken(_ problem: ProviderTokenProblem) -> Self {
    if case .expired = problem { return Self(.providerTokenExpired, problem.message) }
    return Self(.providerTokenSyntax, problem.message)
  }

  /// A well-formed token whose `iat` is a string of digits (the warning `token check` prints too).
  static var issuedAtIsString: Self {
    Self(.tokenIATString, ProviderToken.issuedAtStringMessage)
  }

  // MARK: provider-token-signature

  static var keyIDNotTheKeyGiven: Self {
    Self(.providerTokenSignature, "the provider token's key id is not the id of the key given")
  }

  static var signatureDoesNotVerify: Self {
    Self(.providerTokenSignature, "the provider token's ES256 signature does not verify with the key given")
  }

  // MARK: provider-token-scope

  /// A verified token whose key's scope refuses it (`refusal`: Apple's reason and why).
  static func providerTokenScope(_ refusal: KeyScopeRefusal) -> Self {
    Self(.providerTokenScope, "the provider token's key may not be used here: \(refusal.why) (403 \(refusal.reason))")
  }

  // MARK: location-auth

  static var locationNeedsToken: Self {
    Self(.locationAuth, "a location push needs token authentication (Apple: \"supports only token-based authentication\")")
  }

  // MARK: channel-request

  /// What `ChannelManagement.parse` refused the request for, in its own words.
  static func channelRequest(_ refusal: ChannelManagement.Refusal) -> Self {
    Self(.channelRequest, refusal.message)
  }
}
