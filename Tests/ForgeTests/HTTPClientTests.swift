import Fleet
import Forge
import Foundation
import Results
import Synchronization
import Testing

/// Retries, backoff and Retry-After, with a scripted transport and a recorded (not slept) wait.
@Suite struct HTTPClientTests {
    final class Script: Sendable {
        let answers: Mutex<[Result<HTTPResponse, TransportFailure>]>
        let sent = Mutex(0)
        let waits = Mutex<[TimeInterval]>([])

        init(_ answers: [Result<HTTPResponse, TransportFailure>]) {
            self.answers = Mutex(answers)
        }

        var client: HTTPClient {
            HTTPClient(
                retry: RetryPolicy(attempts: 4, initialDelay: 2, maximumDelay: 60, jitter: { 1 }), longestRetryAfter: 300,
                transport: { _, _ in
                    self.sent.withLock { $0 += 1 }
                    return self.answers.withLock { $0.isEmpty ? .success(HTTPResponse(status: 200)) : $0.removeFirst() }
                },
                sleep: { seconds in self.waits.withLock { $0.append(seconds) } },
                now: { Date(timeIntervalSince1970: 1_800_000_000) })
        }
    }

    static let request = HTTPRequest(method: "POST", url: URL(string: "https://api.example.com/x")!)

    @Test func a429IsTriedAgainAfterTheRetryAfterSecondsWhenLongerThanTheBackoff() async {
        let script = Script([.success(HTTPResponse(status: 429, headers: ["Retry-After": "17"])), .success(HTTPResponse(status: 202))])
        let outcome = await script.client.send(Self.request)
        #expect(outcome == .response(HTTPResponse(status: 202), attempts: 2))
        #expect(script.waits.withLock { $0 } == [17])
    }

    @Test func serverErrorsBackOffExponentiallyAndTheLastAnswerIsReturned() async {
        let script = Script(Array(repeating: .success(HTTPResponse(status: 502)), count: 5))
        let outcome = await script.client.send(Self.request)
        #expect(outcome == .response(HTTPResponse(status: 502), attempts: 4))
        // jitter 1: the full doubled delay each time (2, 4, 8).
        #expect(script.waits.withLock { $0 } == [2, 4, 8])
        #expect(script.sent.withLock { $0 } == 4)
    }

    @Test func aClientErrorIsNotTriedAgain() async {
        for status in [400, 401, 404, 422] {
            let script = Script([.success(HTTPResponse(status: status))])
            #expect(await script.client.send(Self.request) == .response(HTTPResponse(status: status), attempts: 1))
            #expect(script.waits.withLock { $0 }.isEmpty)
        }
    }

    @Test func githubsRateLimit403WaitsForTheResetButAPermission403DoesNot() async {
        let limited = HTTPResponse(status: 403, headers: ["X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "1800000030"])
        let script = Script([.success(limited), .success(HTTPResponse(status: 201))])
        #expect(await script.client.send(Self.request) == .response(HTTPResponse(status: 201), attempts: 2))
        #expect(script.waits.withLock { $0 } == [30])

        let forbidden = Script([.success(HTTPResponse(status: 403, headers: ["X-RateLimit-Remaining": "4999"]))])
        #expect(
            await forbidden.client.send(Self.request)
                == .response(HTTPResponse(status: 403, headers: ["X-RateLimit-Remaining": "4999"]), attempts: 1))
    }

    @Test func aRetryAfterLongerThanTheClientWaitsEndsTheTriesAtOnce() async {
        let script = Script([.success(HTTPResponse(status: 503, headers: ["Retry-After": "3600"]))])
        #expect(
            await script.client.send(Self.request) == .response(HTTPResponse(status: 503, headers: ["Retry-After": "3600"]), attempts: 1))
        #expect(script.waits.withLock { $0 }.isEmpty)
    }

    @Test func retryAfterAsAnHTTPDate() {
        let response = HTTPResponse(status: 429, headers: ["Retry-After": "Fri, 15 Jan 2027 08:00:45 GMT"])
        let now = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15T08:00:00Z
        #expect(HTTPClient.retryAfter(response, now: now) == 45)
        #expect(HTTPClient.retryAfter(HTTPResponse(status: 429, headers: ["Retry-After": "soon"]), now: now) == nil)
    }

    @Test func noAnswerIsTriedAgainAndReportedWithoutTheURL() async {
        let script = Script(Array(repeating: .failure(TransportFailure("cannot connect to the host")), count: 4))
        #expect(await script.client.send(Self.request) == .failure(reason: "cannot connect to the host", attempts: 4))
        #expect(script.waits.withLock { $0 } == [2, 4, 8])
    }
}
