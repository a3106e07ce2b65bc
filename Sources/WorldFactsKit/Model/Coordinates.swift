import WorldFactsSupport

/// A place on the globe: a latitude (north positive) and a longitude (east positive), in degrees. A
/// coordinates field's value is one text of the two numbers, as the records file wrote them
/// ("64.1466 -21.94"), made when a record is read (`FieldSpec.coordinates`).
public struct Coordinates: Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The coordinates of a value's text; nil when it is not two numbers within ±90 and ±180.
    /// (Read on every page that shows one, several times: no array of parts is made.)
    public init?(_ text: some StringProtocol) {
        guard let space = text.firstIndex(of: " "), let latitude = Double(text[..<space]),
            let longitude = Double(text[text.index(after: space)...]), abs(latitude) <= 90, abs(longitude) <= 180
        else { return nil }
        self.init(latitude: latitude, longitude: longitude)
    }

    /// The value's text of a latitude and a longitude.
    public static func text(latitude: FieldValue, longitude: FieldValue) -> FieldValue {
        guard let latitude = latitude.number, let longitude = longitude.number else { return .missing }
        return .text(shortest(latitude) + " " + shortest(longitude))
    }

    static func shortest(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }

    /// As a page shows them: each number in the locale's digits, at most `digits` after the point, with
    /// its compass letter ("64.15°N 21.94°W").
    public func shown(numbers: LocaleFormats, digits: Int) -> String {
        numbers.format(abs(latitude), fractionDigits: digits) + "°" + (latitude < 0 ? "S" : "N") + " "
            + numbers.format(abs(longitude), fractionDigits: digits) + "°" + (longitude < 0 ? "W" : "E")
    }
}
