import AggregatorCore
import CommandLineParsing
import Foundation
import ProviderKit

/// The query forms of the search, compare and dates pages: the options people use, each named as the JSON
/// API's parameter, filled with the query being shown, with a label on every control and suggestions from
/// the places the tool knows.
package enum WebForms {
    /// One control.
    package struct Field {
        /// The parameter: the option's name without its dashes.
        package var name: String
        /// The label.
        package var label: String
        /// A line under the label, if any.
        package var hint: String?
        /// What kind of control.
        package var kind: Kind
    }

    /// What kind of control a field is.
    package enum Kind {
        /// A line of text, with suggestions from a list when one is named.
        case text(list: String?, placeholder: String)
        /// A whole number in a range.
        case number(ClosedRange<Int>)
        /// A choice, the empty one meaning the command's default.
        case choice([String])
        /// A tick box for a flag.
        case check
    }

    /// The fields, in the order shown; a page shows those its command takes.
    package static let fields: [Field] = [
        Field(
            name: "from", label: "From", hint: "airport code or city", kind: .text(list: "places", placeholder: "VIE")),
        Field(
            name: "to", label: "To", hint: "airport code, city or anywhere",
            kind: .text(list: "places", placeholder: "BCN")),
        Field(
            name: "date", label: "Departure", hint: "YYYY-MM-DD or a range with ..",
            kind: .text(list: nil, placeholder: "2026-12-18")),
        Field(
            name: "return", label: "Return", hint: "YYYY-MM-DD or a range with ..",
            kind: .text(list: nil, placeholder: "2026-12-22")),
        Field(name: "round-trip", label: "Round trip", hint: nil, kind: .check),
        Field(name: "adults", label: "Adults", hint: nil, kind: .number(1...9)),
        Field(name: "children", label: "Children", hint: nil, kind: .number(0...8)),
        Field(name: "cabin", label: "Cabin", hint: nil, kind: .choice(Cabin.allCases.map(\.rawValue))),
        Field(
            name: "mode", label: "Modes", hint: "flight, train, bus, ferry; comma-separated",
            kind: .text(list: nil, placeholder: "flight,train")),
        Field(name: "bags", label: "Checked bags", hint: "per passenger", kind: .number(0...4)),
        Field(name: "max-price", label: "Max price", hint: nil, kind: .number(1...1_000_000)),
        Field(name: "max-stops", label: "Max stops", hint: nil, kind: .number(0...5)),
        Field(name: "sort", label: "Sort by", hint: nil, kind: .choice(SortKey.allCases.map(\.rawValue))),
        Field(name: "limit", label: "Results", hint: "at most", kind: .number(1...500)),
        Field(
            name: "providers", label: "Providers", hint: "ids, comma-separated; empty for all",
            kind: .text(list: nil, placeholder: "kiwi,sita")),
        Field(name: "currency", label: "Currency", hint: nil, kind: .text(list: nil, placeholder: "EUR")),
    ]

    /// A page's title.
    package static func title(_ route: String) -> String {
        switch route {
        case "compare": "Compare providers"
        case "dates": "Cheapest dates"
        default: "Search"
        }
    }

    /// The form of a page.
    /// - Parameters:
    ///   - route: `search`, `compare` or `dates`.
    ///   - parameters: the query shown.
    ///   - configuration: the command's option table: a field the command does not take is left out.
    /// - Returns: the HTML.
    package static func form(
        route: String, parameters: [(name: String, value: String)], configuration: CommandConfiguration
    ) -> String {
        let taken = Set(configuration.options.map(\.name))
        var html = "<form class=\"query enhance\" method=\"get\" action=\"/\(route)\" aria-label=\"Query\">\n"
        for field in fields where taken.contains("--" + field.name) {
            let id = "f-\(field.name)"
            let value = parameters.last { $0.name == field.name }?.value ?? ""
            let hint = field.hint.map { "<span class=\"hint\" id=\"\(id)-hint\">\(HTML.escaped($0))</span>" } ?? ""
            let described = field.hint == nil ? "" : " aria-describedby=\"\(id)-hint\""
            switch field.kind {
            case .text(let list, let placeholder):
                let listAttribute = list.map { " list=\"\($0)\"" } ?? ""
                html +=
                    "<div><label for=\"\(id)\">\(field.label)\(hint)</label><input type=\"text\" id=\"\(id)\" "
                    + "name=\"\(field.name)\" value=\"\(HTML.escaped(value))\" placeholder=\"\(placeholder)\""
                    + "\(listAttribute)\(described) autocomplete=\"off\"></div>\n"
            case .number(let range):
                html +=
                    "<div><label for=\"\(id)\">\(field.label)\(hint)</label><input type=\"number\" id=\"\(id)\" "
                    + "name=\"\(field.name)\" value=\"\(HTML.escaped(value))\" min=\"\(range.lowerBound)\" "
                    + "max=\"\(range.upperBound)\" inputmode=\"numeric\"\(described)></div>\n"
            case .choice(let choices):
                html +=
                    "<div><label for=\"\(id)\">\(field.label)\(hint)</label><select id=\"\(id)\" name=\"\(field.name)\">"
                html += "<option value=\"\">default</option>"
                for choice in choices {
                    let selected = choice == value ? " selected" : ""
                    html += "<option value=\"\(choice)\"\(selected)>\(choice)</option>"
                }
                html += "</select></div>\n"
            case .check:
                let checked = ["true", "1", "yes", ""].contains(value.lowercased()) && !value.isEmpty ? " checked" : ""
                html +=
                    "<div><span class=\"check\"><input type=\"checkbox\" id=\"\(id)\" name=\"\(field.name)\" "
                    + "value=\"true\"\(checked)><label for=\"\(id)\">\(field.label)</label></span></div>\n"
            }
        }
        html += "<div class=\"wide\"><button type=\"submit\" id=\"submit\">\(title(route))</button></div>\n</form>\n"
        html += "<datalist id=\"places\">"
        for place in KnownCities.directory {
            html += "<option value=\"\(HTML.escaped(place.code))\">\(HTML.escaped(place.name))</option>"
        }
        html += "</datalist>\n"
        return html
    }

    /// The parameters of a query that another page's command takes, for a link from one page to the other
    /// with the same query.
    /// - Parameters:
    ///   - parameters: the query.
    ///   - configuration: the other command's option table.
    /// - Returns: the query string, without `?`.
    package static func carried(
        _ parameters: [(name: String, value: String)], to configuration: CommandConfiguration
    ) -> String {
        let taken = Set(configuration.options.map(\.name))
        return HTML.query(parameters.filter { taken.contains("--" + $0.name) })
    }
}
