import Daemon
import Fleet
import Foundation
import Results
import TestSupport
import Testing

/// The daemon's settings in the fleet config: `schedule`, `timezone` and `notify`, checked with the rest.
@Suite struct ServiceConfigTests {
    private func load(_ text: String) throws(ConfigProblems) -> ServiceConfig {
        let folder = TemporaryDirectory("serviceconfig")
        folder.write("fleet.yaml", text)
        return try ServiceConfig.load(path: "fleet.yaml", directory: folder.path)
    }

    @Test func theScheduleIsReadInTheConfiguredZoneAndNotifyDefaultsToEveryEvent() throws {
        let config = try load(
            """
            version: 1
            schedule: "30 2 * * mon-fri"
            timezone: Europe/Berlin
            notify: { webhook_url_env: SLACK_WEBHOOK }
            repos: [{ url: shop }]

            """)

        let schedule = try #require(config.schedule)
        #expect(schedule.text == "30 2 * * mon-fri")
        #expect(schedule.timeZone == berlin)
        #expect(wall(schedule.next(after: instant("2025-03-28 12:00", in: berlin)), in: berlin) == "2025-03-31 02:30 +02:00")
        #expect(config.notify == NotifySettings(webhookURLVariable: "SLACK_WEBHOOK", events: [.regression, .blocked]))
        #expect(config.fleet.timeZone == "Europe/Berlin")
    }

    @Test func withoutATimezoneTheScheduleIsUTCAndWithoutAScheduleThereIsNone() throws {
        let every = try load(
            "version: 1\nschedule: '@every 6h'\nnotify: { webhook_url_env: HOOK, on: [blocked] }\nrepos: [{ url: shop }]\n")
        #expect(every.schedule?.timeZone == .gmt)
        #expect(every.schedule?.kind == .every(.seconds(6 * 3600)))
        #expect(every.notify?.events == [.blocked])

        let none = try load("version: 1\nrepos: [{ url: shop }]\n")
        #expect(none.schedule == nil)
        #expect(none.notify == nil)
    }

    @Test func everyProblemWithTheDaemonSettingsIsReportedAtItsLineAndColumn() {
        let text = """
            version: 1
            schedule: "0 25 * * *"
            timezone: Europe/Berln
            notify:
              on: [regresion, blocked]
            repos: [{ url: shop }]

            """
        let problems = #expect(throws: ConfigProblems.self) { try load(text) }

        #expect(
            problems?.description == """
                fleet.yaml:2:14: error: schedule: field 2 (hour): 25 is out of range 0-23
                fleet.yaml:3:11: error: timezone: unknown time zone 'Europe/Berln' (did you mean 'Europe/Berlin'?); use a name like UTC or Europe/Berlin
                fleet.yaml:5:3: error: notify: webhook_url_env is required: the name of the environment variable holding the webhook URL
                fleet.yaml:5:8: error: notify.on[0]: unknown event 'regresion' (did you mean 'regression'?); use regression or blocked
                """)
    }

    @Test func aPlainScheduleErrorPointsAtTheOffendingField() {
        let problems = #expect(throws: ConfigProblems.self) { try load("version: 1\nschedule: 0 2 * * funday\nrepos: [{ url: shop }]\n") }
        #expect(problems?.problems.map(\.description).first?.hasPrefix("fleet.yaml:2:19: error: schedule: field 5 (day-of-week): ") == true)
    }
}
