public struct FieldSpec: Sendable {
    public var id: String
    public var label: String
    public var format: FieldFormat
    /// Printed after a number ("km²").
    public var unit: String?
    /// Fraction digits shown at most for a decimal (trailing zeros are dropped).
    public var fractionDigits: Int
    /// Smallest value a number may take (`min:`); nil allows any.
    public var minimum: Double?
    public var required: Bool
    /// Shown in the facts table of a record page.
    public var show: Bool

    public init(
        id: String, label: String, format: FieldFormat, unit: String? = nil, fractionDigits: Int,
        minimum: Double? = nil, required: Bool, show: Bool
    ) {
        self.id = id
        self.label = label
        self.format = format
        self.unit = unit
        self.fractionDigits = fractionDigits
        self.minimum = minimum
        self.required = required
        self.show = show
    }
}
