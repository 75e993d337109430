/// The text fields of `aps.alert`, with positions: what a device localizes and shows.
public struct AlertText: Sendable, Hashable {
  /// A string value and where it stands.
  public struct Field: Sendable, Hashable {
    public var value: String
    public var line: Int
    public var column: Int
    public var keyPath: String
    /// Byte offset of the value's opening quote.
    public var offset: Int
    public init(value: String, line: Int, column: Int, keyPath: String, offset: Int) {
      self.value = value
      self.line = line
      self.column = column
      self.keyPath = keyPath
      self.offset = offset
    }
  }

  /// True when `aps.alert` is a plain string (then it is the body).
  public var isPlainString = false
  public var title: Field?
  public var subtitle: Field?
  public var body: Field?
  public var titleLocKey: Field?
  public var titleLocArgs: [Field]?
  public var subtitleLocKey: Field?
  public var subtitleLocArgs: [Field]?
  public var locKey: Field?
  public var locArgs: [Field]?
  public var actionLocKey: Field?
  /// Where `aps.alert` itself stands.
  public var line = 1
  public var column = 1
  /// Byte offset of `aps.alert`'s value.
  public var offset = 0

  public init() {}
}

