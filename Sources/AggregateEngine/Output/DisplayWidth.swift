import Foundation

/// How many terminal columns text takes, as terminals draw it: East Asian wide and fullwidth characters
/// take two, combining marks and other zero-width characters none, everything else one.
///
/// Wide characters come from a compact table of ranges after Unicode's East Asian Width property (`W`
/// and `F`): Hangul, the CJK blocks, kana, fullwidth forms and the emoji blocks terminals draw wide.
/// Characters of ambiguous width (`A`, such as `★` or `…`) count as one, as terminals outside East Asian
/// locales draw them. Zero width is judged from the general category (nonspacing and enclosing marks,
/// format characters such as the zero-width joiner) and the Hangul vowel and final jamo, which join the
/// syllable before them. Control characters never reach this count: ``PrintableText`` has replaced them.
package enum DisplayWidth {
    /// The columns `text` takes.
    package static func of(_ text: String) -> Int {
        var total = 0
        for scalar in text.unicodeScalars { total += of(scalar) }
        return total
    }

    /// The columns one scalar takes: 0, 1 or 2.
    package static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        // Below the combining marks everything printable is one column: the common case, answered first.
        if value < 0x300 { return 1 }
        if isZeroWidth(scalar) { return 0 }
        return isWide(value) ? 2 : 1
    }

    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        if (0x1160...0x11FF).contains(scalar.value) || (0xD7B0...0xD7FF).contains(scalar.value) { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return false
        }
    }

    /// Whether `value` lies in one of the wide ranges, by binary search.
    private static func isWide(_ value: UInt32) -> Bool {
        guard value >= wideRanges[0].lowerBound else { return false }
        var low = 0
        var high = wideRanges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = wideRanges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    /// East Asian wide (`W`) and fullwidth (`F`) ranges, in ascending order.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F,  // Hangul choseong
        0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
        0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F, 0x2693...0x2693,
        0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE,
        0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5, 0x26FA...0x26FA,
        0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728, 0x274C...0x274C,
        0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797, 0x27B0...0x27B0,
        0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,  // emoji presentation
        0x2E80...0x303E,  // CJK radicals, Kangxi, ideographic description, CJK symbols and punctuation
        0x3041...0x3247,  // kana, bopomofo, Hangul compatibility jamo, kanbun, CJK strokes, enclosed CJK
        0x3250...0x4DBF,  // enclosed CJK, CJK compatibility, CJK extension A
        0x4E00...0xA4CF,  // CJK unified ideographs, Yi
        0xA960...0xA97F,  // Hangul jamo extended A
        0xAC00...0xD7A3,  // Hangul syllables
        0xF900...0xFAFF,  // CJK compatibility ideographs
        0xFE10...0xFE19,  // vertical forms
        0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
        0xFF00...0xFF60,  // fullwidth forms
        0xFFE0...0xFFE6,  // fullwidth signs
        0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1AFF0...0x1B2FF,  // Tangut, Khitan, kana supplements
        0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A,
        0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251, 0x1F260...0x1F265,
        0x1F300...0x1F64F,  // pictographs and emoticons
        0x1F680...0x1F6FF,  // transport and map symbols
        0x1F7E0...0x1F7EB,  // coloured circles and squares
        0x1F900...0x1F9FF, 0x1FA70...0x1FAFF,  // supplemental pictographs
        0x20000...0x2FFFD, 0x30000...0x3FFFD,  // CJK extensions B and beyond
    ]
}
