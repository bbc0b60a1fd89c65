/// The start tags of an HTML document (ours, or a browser's serialised DOM), read the way a browser
/// tokenises them: quoted attribute values may hold `<`, `>` and spaces; comments and the contents of
/// `style`, `script`, `textarea` and `title` elements are not tags.
package struct HTMLTag: Sendable, Equatable, CustomStringConvertible {
    package let name: String
    package let attributes: [(name: String, value: String)]

    package static func == (lhs: HTMLTag, rhs: HTMLTag) -> Bool {
        lhs.name == rhs.name && lhs.attributes.elementsEqual(rhs.attributes) { $0 == $1 }
    }

    package func attribute(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    package var description: String {
        "<" + ([name] + attributes.map { "\($0.name)=\"\($0.value)\"" }).joined(separator: " ") + ">"
    }

    /// Every start tag in document order; names and attribute names lowercased, values as written.
    package static func all(in html: String) -> [HTMLTag] {
        let text = Array(html.unicodeScalars)
        var tags: [HTMLTag] = []
        var index = 0
        func starts(_ literal: String, at position: Int) -> Bool {
            let scalars = Array(literal.unicodeScalars)
            guard position + scalars.count <= text.count else { return false }
            for offset in scalars.indices where Character(text[position + offset]).lowercased() != Character(scalars[offset]).lowercased() {
                return false
            }
            return true
        }
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r" || scalar == "\u{0C}"
        }
        func isNameStart(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
        while index < text.count {
            guard text[index] == "<" else {
                index += 1
                continue
            }
            if starts("<!--", at: index) {
                index += 4
                while index < text.count, !starts("-->", at: index) { index += 1 }
                index += 3
                continue
            }
            guard index + 1 < text.count, isNameStart(text[index + 1]) else {
                index += 1
                continue
            }
            index += 1
            var name = ""
            while index < text.count, !isSpace(text[index]), text[index] != "/", text[index] != ">" {
                name.unicodeScalars.append(text[index])
                index += 1
            }
            name = name.lowercased()
            var attributes: [(String, String)] = []
            while index < text.count, text[index] != ">" {
                if isSpace(text[index]) || text[index] == "/" {
                    index += 1
                    continue
                }
                var attribute = ""
                while index < text.count, !isSpace(text[index]), text[index] != "/", text[index] != ">", text[index] != "=" {
                    attribute.unicodeScalars.append(text[index])
                    index += 1
                }
                while index < text.count, isSpace(text[index]) { index += 1 }
                var value = ""
                if index < text.count, text[index] == "=" {
                    index += 1
                    while index < text.count, isSpace(text[index]) { index += 1 }
                    if index < text.count, text[index] == "\"" || text[index] == "'" {
                        let quote = text[index]
                        index += 1
                        while index < text.count, text[index] != quote {
                            value.unicodeScalars.append(text[index])
                            index += 1
                        }
                        index += 1
                    } else {
                        while index < text.count, !isSpace(text[index]), text[index] != ">" {
                            value.unicodeScalars.append(text[index])
                            index += 1
                        }
                    }
                }
                attributes.append((attribute.lowercased(), value))
            }
            index += 1
            tags.append(HTMLTag(name: name, attributes: attributes))
            if ["style", "script", "textarea", "title"].contains(name) {
                while index < text.count, !starts("</" + name, at: index) { index += 1 }
            }
        }
        return tags
    }

    /// Tags that could run code, fetch something or leave the page: scripts, frames, objects, images,
    /// style sheets, forms, a refresh, event-handler attributes and `javascript:` URLs.
    package static func dangerous(in html: String) -> [HTMLTag] {
        all(in: html).filter { tag in
            if ["script", "iframe", "frame", "object", "embed", "img", "link", "base", "form"].contains(tag.name) { return true }
            if tag.name == "meta", tag.attribute("http-equiv")?.lowercased() == "refresh" { return true }
            return tag.attributes.contains { attribute in
                attribute.name.hasPrefix("on")
                    || (["href", "src", "xlink:href", "action", "formaction"].contains(attribute.name)
                        && attribute.value.drop(while: { $0 == " " }).lowercased().hasPrefix("javascript:"))
            }
        }
    }
}
