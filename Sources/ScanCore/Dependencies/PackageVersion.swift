/// A dependency version as lockfiles write it (`1.2.3`, `0.8.13+4`, `6.0.0-alpha.2`), ordered the way
/// package managers order them: numeric parts first, a pre-release below its release, and a build
/// suffix above the version without one (pub orders `+4` builds; CocoaPods, npm and SwiftPM never write them).
package struct PackageVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    package let text: String
    let numbers: [Int]
    let preRelease: [String]
    let build: [String]

    package init?(_ text: String) {
        var rest = Substring(text.trimmed([" ", "\t", "\"", "'", "v"]))
        var build: [String] = []
        var preRelease: [String] = []
        if let plus = rest.firstIndex(of: "+") {
            build = rest[rest.index(after: plus)...].split(separator: ".").map(String.init)
            rest = rest[..<plus]
        }
        if let dash = rest.firstIndex(of: "-") {
            preRelease = rest[rest.index(after: dash)...].split(separator: ".").map(String.init)
            rest = rest[..<dash]
        }
        let parts = rest.split(separator: ".", omittingEmptySubsequences: false)
        var numbers: [Int] = []
        for part in parts {
            guard let number = Int(part), number >= 0 else { return nil }
            numbers.append(number)
        }
        guard !numbers.isEmpty else { return nil }
        self.text = text
        self.numbers = numbers
        self.preRelease = preRelease
        self.build = build
    }

    package var description: String { text }

    package static func == (lhs: PackageVersion, rhs: PackageVersion) -> Bool {
        !(lhs < rhs) && !(rhs < lhs)
    }

    package func hash(into hasher: inout Hasher) {
        var numbers = self.numbers
        while numbers.last == 0 { numbers.removeLast() }
        hasher.combine(numbers)
        hasher.combine(preRelease)
        hasher.combine(build)
    }

    package static func < (lhs: PackageVersion, rhs: PackageVersion) -> Bool {
        for index in 0..<max(lhs.numbers.count, rhs.numbers.count) {
            let left = index < lhs.numbers.count ? lhs.numbers[index] : 0
            let right = index < rhs.numbers.count ? rhs.numbers[index] : 0
            if left != right { return left < right }
        }
        // 1.0.0-beta < 1.0.0
        if lhs.preRelease.isEmpty != rhs.preRelease.isEmpty { return !lhs.preRelease.isEmpty }
        if let order = compare(lhs.preRelease, rhs.preRelease), order != 0 { return order < 0 }
        // 1.0.0 < 1.0.0+1
        if lhs.build.isEmpty != rhs.build.isEmpty { return lhs.build.isEmpty }
        return (compare(lhs.build, rhs.build) ?? 0) < 0
    }

    /// Dot-separated identifiers, numeric ones numerically and below alphanumeric ones (SemVer 2.0 §11).
    private static func compare(_ lhs: [String], _ rhs: [String]) -> Int? {
        for index in 0..<max(lhs.count, rhs.count) {
            guard index < lhs.count else { return -1 }
            guard index < rhs.count else { return 1 }
            let (left, right) = (lhs[index], rhs[index])
            if left == right { continue }
            switch (Int(left), Int(right)) {
            case (let a?, let b?): return a < b ? -1 : 1
            case (.some, nil): return -1
            case (nil, .some): return 1
            case (nil, nil): return left < right ? -1 : 1
            }
        }
        return 0
    }
}
