extension GitError {
    /// Whether the same request may succeed if tried again later: the server could not be reached, the
    /// connection broke off or timed out, or it answered with a server error (5xx), a timeout (408) or
    /// "too many requests" (429). Refused credentials, missing repositories, untrusted certificates or
    /// host keys, other 4xx answers and damaged data are not: trying again only repeats them.
    package var isTransient: Bool {
        guard kind == .network else { return false }
        guard let status = httpStatus else { return true }
        return status >= 500 || status == 408 || status == 429
    }

    /// The HTTP status of a refused request, read from libgit2's "unexpected http status code: 503"; nil
    /// when the message names none.
    package var httpStatus: Int? {
        let lowered = message.lowercased()
        guard let range = lowered.range(of: "status code: ") else { return nil }
        let digits = lowered[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
        guard digits.count == 3 else { return nil }
        return Int(digits)
    }
}
