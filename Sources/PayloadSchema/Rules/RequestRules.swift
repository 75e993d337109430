// Requests: method, path, provider token and headers, with APNs' answers (SPEC §9): one definition per rule.
// How to add one: docs/adding-a-rule.md.

extension RuleDefinition {
  /// `request-method`
  static var requestMethod: Self {
    Self(.error, .request, answer: APNsAnswer(status: 405, reason: "MethodNotAllowed"), part: .method,
         summary: "a request method other than POST (405 MethodNotAllowed)") {
      RuleExamples("1️⃣GET /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}")
    }
  }

  /// `request-path`
  static var requestPath: Self {
    Self(.error, .request, answer: APNsAnswer(status: 404, reason: "BadPath"), part: .path,
         summary: "a path other than /3/device/<token> or /4/broadcasts/apps/<bundle-id> (404 BadPath)") {
      RuleExamples("POST 1️⃣/3/devices/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}")
    }
  }

  /// `device-token-missing`
  static var deviceTokenMissing: Self {
    Self(.error, .request, answer: APNsAnswer(status: 400, reason: "MissingDeviceToken"), part: .path,
         summary: "/3/device/ with no token (400 MissingDeviceToken)") {
      RuleExamples("POST 1️⃣/3/device/ HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}")
    }
  }

  /// `device-token-syntax`
  static var deviceTokenSyntax: Self {
    Self(.error, .request, answer: APNsAnswer(status: 400, reason: "BadDeviceToken"), part: .path,
         summary: "a device token that is not hexadecimal or has an odd length (400 BadDeviceToken); any even length is fine") {
      RuleExamples("POST 1️⃣/3/device/0a1b2c3 HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}")
    }
  }

  /// `header-duplicate`
  static var headerDuplicate: Self {
    Self(.error, .request, answer: APNsAnswer(status: 400, reason: "DuplicateHeaders"), part: .headers,
         summary: "a header given twice (400 DuplicateHeaders)") {
      RuleExamples("POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\napns-topic: 1️⃣com.example.app\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}")
    }
  }

  /// `apns-id-syntax`
  static var apnsIDSyntax: Self {
    Self(.error, .request, answer: APNsAnswer(status: 400, reason: "BadMessageId"), part: .headers,
         summary: "apns-id not a canonical UUID, 8-4-4-4-12 hexadecimal (400 BadMessageId)") {
      RuleExamples("POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\napns-id: 1️⃣42\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\napns-id: 123e4567-e89b-12d3-a456-4266554400a0\n\n{\"aps\": {\"alert\": \"Hi\"}}")
    }
  }

  /// `expiration-syntax`
  static var expirationSyntax: Self {
    Self(.error, .request, answer: APNsAnswer(status: 400, reason: "BadExpirationDate"), part: .headers,
         summary: "apns-expiration not a non-negative integer (400 BadExpirationDate)") {
      RuleExamples("POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\napns-expiration: 1️⃣tomorrow\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\napns-expiration: 0\n\n{\"aps\": {\"alert\": \"Hi\"}}")
    }
  }

  /// `expiration-unit`
  static var expirationUnit: Self {
    Self(.warning, .request, part: .headers,
         summary: "apns-expiration that looks like milliseconds (above 10^11)") {
      RuleExamples("POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\napns-expiration: 1️⃣1700086400000\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\napns-expiration: 1700086400\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   triggerFlags: "--now 1700000600",
                   passFlags: "--now 1700000600")
    }
  }

  /// `expiration-past`
  static var expirationPast: Self {
    Self(.warning, .request, part: .headers,
         summary: "apns-expiration nonzero and before now: APNs tries once and stores nothing") {
      RuleExamples("POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\napns-expiration: 1️⃣1699990000\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\napns-expiration: 1700086400\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   triggerFlags: "--now 1700000600",
                   passFlags: "--now 1700000600")
    }
  }

  /// `push-type-unknown`
  static var pushTypeUnknown: Self {
    Self(.error, .request, answer: APNsAnswer(status: 400, reason: "InvalidPushType"), part: .headers,
         summary: "apns-push-type not one of the push types (400 InvalidPushType); other spellings of one are a warning") {
      RuleExamples("POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: 1️⃣notification\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}")
    }
  }

  /// `push-type-missing`
  static var pushTypeMissing: Self {
    Self(.warning, .request, part: .headers,
         summary: "no apns-push-type: required on watchOS (error there), recommended elsewhere") {
      RuleExamples("1️⃣POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}")
    }
  }

  /// `topic-missing`
  static var topicMissing: Self {
    Self(.error, .request, answer: APNsAnswer(status: 400, reason: "MissingTopic"), part: .headers,
         summary: "no apns-topic on a token-authenticated request (400 MissingTopic; a warning with a certificate); a broadcast without apns-channel-id (400 MissingChannelId)") {
      RuleExamples("1️⃣POST /3/device/0a1b2c3d HTTP/2\nauthorization: bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzAwMDAwMDAwfQ.K7Z-2j7ixFdQRvDHQkGe4rS5gdwlAomQuVhaVh1UuBDcWdVqN4BY_Pqg4zercL8O-bYJ8w05Gp4uilgQJc4QIA\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\nauthorization: bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzAwMDAwMDAwfQ.K7Z-2j7ixFdQRvDHQkGe4rS5gdwlAomQuVhaVh1UuBDcWdVqN4BY_Pqg4zercL8O-bYJ8w05Gp4uilgQJc4QIA\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   triggerFlags: "--now 1700000600",
                   passFlags: "--now 1700000600")
    }
  }

  /// `topic-syntax`
  static var topicSyntax: Self {
    Self(.error, .request, answer: APNsAnswer(status: 400, reason: "BadTopic"), part: .headers,
         summary: "apns-topic not a bundle identifier (400 BadTopic); a broadcast topic with a suffix (400 TopicDisallowed)") {
      RuleExamples("POST /3/device/0a1b2c3d HTTP/2\napns-topic: 1️⃣com.example..app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}")
    }
  }

  /// `provider-token-missing`
  static var providerTokenMissing: Self {
    Self(.error, .request, answer: APNsAnswer(status: 403, reason: "MissingProviderToken"), part: .authentication,
         summary: "token authentication and no authorization header (403 MissingProviderToken)") {
      RuleExamples("1️⃣POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\nauthorization: bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzAwMDAwMDAwfQ.K7Z-2j7ixFdQRvDHQkGe4rS5gdwlAomQuVhaVh1UuBDcWdVqN4BY_Pqg4zercL8O-bYJ8w05Gp4uilgQJc4QIA\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   triggerFlags: "--auth token --now 1700000600",
                   passFlags: "--auth token --now 1700000600")
    }
  }

  /// `provider-token-syntax`
  static var providerTokenSyntax: Self {
    Self(.error, .request, answer: APNsAnswer(status: 403, reason: "InvalidProviderToken"), part: .authentication,
         summary: "authorization not bearer and an ES256 JWT with kid, iss and iat as Apple requires (403 InvalidProviderToken)") {
      RuleExamples("POST /3/device/0a1b2c3d HTTP/2\nauthorization: 1️⃣bearer eyJhbGciOiJIUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzAwMDAwMDAwfQ.eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHg\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\nauthorization: bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzAwMDAwMDAwfQ.K7Z-2j7ixFdQRvDHQkGe4rS5gdwlAomQuVhaVh1UuBDcWdVqN4BY_Pqg4zercL8O-bYJ8w05Gp4uilgQJc4QIA\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   triggerFlags: "--now 1700000600",
                   passFlags: "--now 1700000600")
    }
  }

  /// `provider-token-expired`
  static var providerTokenExpired: Self {
    Self(.error, .request, answer: APNsAnswer(status: 403, reason: "ExpiredProviderToken"), part: .authentication,
         summary: "a provider token issued more than an hour ago (403 ExpiredProviderToken)") {
      RuleExamples("POST /3/device/0a1b2c3d HTTP/2\nauthorization: 1️⃣bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNjk5OTkwMDAwfQ.mKzVJeAH8m-uRUzNYnIqKVTQOyouA10PscW4uCCL-Bl6cnTjj66q_D4_cTZZkQ7XYZLjC1cZYzmVm5QdDFIwGA\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\nauthorization: bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzAwMDAwMDAwfQ.K7Z-2j7ixFdQRvDHQkGe4rS5gdwlAomQuVhaVh1UuBDcWdVqN4BY_Pqg4zercL8O-bYJ8w05Gp4uilgQJc4QIA\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   triggerFlags: "--now 1700000600",
                   passFlags: "--now 1700000600")
    }
  }

  /// `provider-token-signature`
  static var providerTokenSignature: Self {
    Self(.error, .request, answer: APNsAnswer(status: 403, reason: "InvalidProviderToken"), part: .authentication,
         summary: "with --key: the ES256 signature does not verify, or kid is not the key's id (403 InvalidProviderToken)") {
      RuleExamples("POST /3/device/0a1b2c3d HTTP/2\nauthorization: 1️⃣bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzAwMDAwMDAwfQ.YfLmpTmYrB8e5xxfAANSv57cpRWoB6GAuvUUu_pt2cw-H50mTubbcZPNTtP6Nli34ovWzRPpMPZgWqz2NYq28w\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\nauthorization: bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzAwMDAwMDAwfQ.K7Z-2j7ixFdQRvDHQkGe4rS5gdwlAomQuVhaVh1UuBDcWdVqN4BY_Pqg4zercL8O-bYJ8w05Gp4uilgQJc4QIA\napns-topic: com.example.app\napns-push-type: alert\n\n{\"aps\": {\"alert\": \"Hi\"}}",
                   triggerFlags: "--now 1700000600 --key Fixtures/keys/AuthKey_ABC123DEFG.p8",
                   passFlags: "--now 1700000600 --key Fixtures/keys/AuthKey_ABC123DEFG.p8")
    }
  }

  /// `location-auth`
  static var locationAuth: Self {
    Self(.error, .request, part: .authentication,
         summary: "a location push without token authentication") {
      RuleExamples("1️⃣POST /3/device/0a1b2c3d HTTP/2\napns-topic: com.example.app.location-query\napns-push-type: location\napns-priority: 5\n\n{\"aps\": {}}",
                   pass: "POST /3/device/0a1b2c3d HTTP/2\nauthorization: bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzAwMDAwMDAwfQ.K7Z-2j7ixFdQRvDHQkGe4rS5gdwlAomQuVhaVh1UuBDcWdVqN4BY_Pqg4zercL8O-bYJ8w05Gp4uilgQJc4QIA\napns-topic: com.example.app.location-query\napns-push-type: location\napns-priority: 5\n\n{\"aps\": {}}",
                   triggerFlags: "--now 1700000600",
                   passFlags: "--now 1700000600")
    }
  }

  /// `channel-request`
  static var channelRequest: Self {
    Self(.error, .request, part: .path,
         summary: "a channel management request (/1/apps/<bundle-id>/channels, all-channels) APNs refuses: wrong method, no or bad apns-channel-id, a body without push-type LiveActivity or with a storage policy other than 0 or 1 (400 MissingChannelId, BadChannelId, MissingPushType, InvalidPushType, CannotCreateChannelConfig; 405 MethodNotAllowed)") {
      RuleExamples("1️⃣GET /1/apps/com.example.app/channels HTTP/2\nauthorization: bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzAwMDAwMDAwfQ.K7Z-2j7ixFdQRvDHQkGe4rS5gdwlAomQuVhaVh1UuBDcWdVqN4BY_Pqg4zercL8O-bYJ8w05Gp4uilgQJc4QIA\n\n",
                   pass: "GET /1/apps/com.example.app/channels HTTP/2\nauthorization: bearer eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyM0RFRkcifQ.eyJpc3MiOiJERUYxMjNHSElKIiwiaWF0IjoxNzAwMDAwMDAwfQ.K7Z-2j7ixFdQRvDHQkGe4rS5gdwlAomQuVhaVh1UuBDcWdVqN4BY_Pqg4zercL8O-bYJ8w05Gp4uilgQJc4QIA\napns-channel-id: dHN0LXNyY2gtY2hubA==\n\n",
                   triggerFlags: "--now 1700000600",
                   passFlags: "--now 1700000600")
    }
  }
}
