import Foundation
import HTTPServer

/// The frame every web page shares: the document, its head with the style sheet and the script (both
/// served by this server), the site's navigation, and the response with the security header fields.
package enum WebPage {
    /// What a page shows around its content.
    package struct Shell: Sendable {
        /// Whether to offer signing out: only when a token is set.
        package var signOut: Bool
    }

    /// A page's results: the HTML, and one line saying what they are, for a screen reader when the script
    /// loads them without a reload.
    package struct Content: Sendable {
        /// One line.
        package var summary: String
        /// The HTML.
        package var html: String
    }

    /// The navigation: path, words, and the route that marks it as the current page.
    package static let navigation: [(path: String, label: String, route: String)] = [
        ("/search", "Search", "search"), ("/compare", "Compare", "compare"), ("/dates", "Dates", "dates"),
        ("/watches", "Watches", "watches"),
    ]

    /// The results' region, which the script replaces when it loads new results.
    package static func results(_ content: Content) -> String {
        "<section id=\"results\" aria-label=\"Results\" data-summary=\"\(HTML.escaped(content.summary))\">"
            + content.html + "</section>"
    }

    /// An error's box, with the line as the command line prints it.
    package static func errorBox(_ line: String) -> String {
        "<div class=\"notice error\" role=\"alert\"><p>\(HTML.escaped(line))</p></div>"
    }

    /// A whole page as a response.
    /// - Parameters:
    ///   - status: the status.
    ///   - title: the page's title, also its heading.
    ///   - shell: what the frame offers; `nil` for a page outside the site's navigation (sign-in, errors).
    ///   - current: the route of the page, marked in the navigation.
    ///   - body: the HTML under the heading.
    ///   - headers: further header fields.
    /// - Returns: the response.
    package static func response(
        _ status: Int, title: String, shell: Shell? = nil, current: String = "", body: String,
        headers: HeaderFields = [:]
    ) -> ServerResponse {
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(HTML.escaped(title)) · aggregate</title>
            <link rel="stylesheet" href="\(WebAssets.stylePath)">
            <script src="\(WebAssets.scriptPath)" defer></script>
            </head>
            <body>
            <a class="skip" href="#main">Skip to the content</a>
            <header class="site"><strong>aggregate</strong>
            """
        if let shell {
            html += "<nav aria-label=\"Pages\"><ul>"
            for item in navigation {
                let mark = item.route == current ? " aria-current=\"page\"" : ""
                html += "<li><a href=\"\(item.path)\"\(mark)>\(item.label)</a></li>"
            }
            html += "</ul></nav>"
            if shell.signOut {
                html +=
                    "<form method=\"post\" action=\"/sign-out\"><button class=\"plain\" type=\"submit\">Sign out</button>"
                    + "</form>"
            }
        }
        html += "</header>\n<main id=\"main\">\n<h1>\(HTML.escaped(title))</h1>\n"
        html += "<p id=\"status\" class=\"skip\" role=\"status\" aria-live=\"polite\"></p>\n"
        html += body
        html += "\n</main>\n</body>\n</html>\n"
        var fields = WebPages.securityHeaders
        for field in headers { fields[field.name] = field.value }
        fields["Content-Type"] = "text/html; charset=utf-8"
        return ServerResponse(status: status, headers: fields, body: .bytes(Array(html.utf8)))
    }
}

/// The sign-in form: the token in a password field, posted once, exchanged for a session cookie.
package enum SignInPage {
    /// The form.
    /// - Parameters:
    ///   - next: where to go once signed in.
    ///   - failed: whether the token just given was wrong.
    /// - Returns: the HTML.
    package static func form(next: String, failed: Bool) -> String {
        var html = ""
        if failed {
            html += WebPage.errorBox("error: that is not this server's token; ask its operator for the token.")
        }
        html += """
            <p>This server needs the token its operator gave you. It is exchanged for a session that lasts \
            \(WebSessions.lifetime.components.seconds / 3600) hours; the token itself is not kept in the browser.</p>
            <form class="query" method="post" action="/sign-in">
            <input type="hidden" name="next" value="\(HTML.escaped(next))">
            <div class="wide"><label for="token">Token</label>
            <input type="password" id="token" name="token" autocomplete="current-password" required></div>
            <div><button type="submit" id="sign-in">Sign in</button></div>
            </form>
            """
        return html
    }
}
