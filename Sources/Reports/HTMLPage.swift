import Results
import ScanCore

/// What every HTML page shares: the document around the body, the style sheet, the verdict and
/// severity badges, and their shapes. Pages are self-contained: no fonts, images or style sheets from
/// anywhere, and no script but the dashboard's own filter, which the Content-Security-Policy allows by its
/// hash alone.
enum HTMLPage {
    /// A whole document. `title` and `body` must already be escaped. `script` (the dashboard's filter) is
    /// allowed by `scriptHash` and nothing else.
    static func document(title: String, body: String, bodyClass: String = "", script: String? = nil, scriptHash: String? = nil) -> String {
        TextSink.text { sink in
            write(title: title, bodyClass: bodyClass, script: script, scriptHash: scriptHash, to: sink) { $0.write(body) }
        }
    }

    /// A whole document into a sink, its body written by `body` between the head and the tail: a page as
    /// large as the dashboard of 10,000 repositories goes to its file without being held whole.
    static func write(
        title: String, bodyClass: String = "", script: String? = nil, scriptHash: String? = nil, to sink: TextSink,
        body: (TextSink) -> Void
    ) {
        let scriptSource = scriptHash.map { " script-src '\($0)';" } ?? ""
        let scriptTag = script.map { "<script>\($0)</script>\n" } ?? ""
        sink.write(
            """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:;\(scriptSource)">
            <meta name="referrer" content="no-referrer">
            <meta name="generator" content="scenesweep">
            <title>\(title)</title>
            <style>
            \(style)
            </style>
            </head>
            <body\(bodyClass.isEmpty ? "" : " class=\"\(bodyClass)\"")>
            \(symbols)

            """)
        body(sink)
        sink.write(
            """

            \(scriptTag)</body>
            </html>

            """)
    }

    /// The shapes that stand for verdicts everywhere, so no meaning rests on colour alone: a square with
    /// a cross (blocked), a triangle with a bar (at risk), a circle with a tick (ready), a diamond with a
    /// dot (unknown). The trend chart marks its lines with the same shapes.
    static let symbols = """
        <svg class="sprite" aria-hidden="true" focusable="false">\
        <symbol id="i-blocked" viewBox="0 0 16 16"><rect x="1" y="1" width="14" height="14" rx="2.5" fill="currentColor"/>\
        <path d="M5 5l6 6M11 5l-6 6" stroke="#fff" stroke-width="2" stroke-linecap="round"/></symbol>\
        <symbol id="i-at-risk" viewBox="0 0 16 16"><path d="M8 1.2 15.4 14.6H.6z" fill="currentColor" stroke="currentColor" \
        stroke-linejoin="round"/><path d="M8 6v4" stroke="#fff" stroke-width="2" stroke-linecap="round"/>\
        <circle cx="8" cy="12.4" r="1.1" fill="#fff"/></symbol>\
        <symbol id="i-ready" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7.2" fill="currentColor"/>\
        <path d="M4.6 8.3l2.3 2.3 4.6-4.8" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" \
        stroke-linejoin="round"/></symbol>\
        <symbol id="i-unknown" viewBox="0 0 16 16"><path d="M8 .6 15.4 8 8 15.4.6 8z" fill="currentColor"/>\
        <circle cx="8" cy="8" r="2" fill="#fff"/></symbol>\
        </svg>
        """

    static func icon(_ verdict: Verdict) -> String {
        "<svg class=\"icon\" aria-hidden=\"true\"><use href=\"#i-\(verdict.rawValue)\"/></svg>"
    }

    static func label(_ verdict: Verdict) -> String {
        switch verdict {
        case .blocked: return "Blocked"
        case .atRisk: return "At risk"
        case .ready: return "Ready"
        case .unknown: return "Unknown"
        }
    }

    /// What a verdict means, in a few words.
    static func meaning(_ verdict: Verdict) -> String {
        switch verdict {
        case .blocked: return "will not launch, or is rejected, when built with the iOS 27 SDK"
        case .atRisk: return "launches, but something users rely on silently stops working"
        case .ready: return "nothing above a note"
        case .unknown: return "could not be checked: not passing"
        }
    }

    static func badge(_ verdict: Verdict) -> String {
        "<span class=\"badge \(verdict.rawValue)\">\(icon(verdict))\(label(verdict))</span>"
    }

    /// Severities take the shapes of the verdicts they lead to.
    static func severityBadge(_ severity: Severity) -> String {
        let verdict: Verdict
        switch severity {
        case .error: verdict = .blocked
        case .warning: verdict = .atRisk
        case .note: verdict = .unknown
        }
        let shape = severity == .note ? "<span class=\"dot\" aria-hidden=\"true\"></span>" : icon(verdict)
        return "<span class=\"badge sev-\(severity.rawValue)\">\(shape)\(severity.rawValue)</span>"
    }

    /// The order pages list verdicts in: the worst first.
    static let verdictOrder: [Verdict] = [.blocked, .atRisk, .unknown, .ready]

    static let style = """
        :root{--ink:#16191d;--muted:#545c66;--faint:#6b7280;--line:#e2e5e9;--soft:#f3f4f6;--page:#f6f7f9;--panel:#fff;\
        --navy:#14213d;--accent:#1d4ed8;\
        --blocked:#c4322a;--blocked-ink:#a3211a;--blocked-bg:#fdeceb;\
        --at-risk:#b7770f;--at-risk-ink:#854f00;--at-risk-bg:#fdf3dc;\
        --ready:#2b8050;--ready-ink:#1d6a3f;--ready-bg:#e5f3ea;\
        --unknown:#6b7280;--unknown-ink:#4a515c;--unknown-bg:#eceef1}
        *{box-sizing:border-box}
        html{-webkit-text-size-adjust:100%}
        body{margin:0;background:var(--page);color:var(--ink);\
        font:15px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Liberation Sans","Noto Sans",system-ui,sans-serif;\
        font-variant-numeric:tabular-nums}
        main{max-width:1200px;margin:0 auto;padding:28px 32px 56px}
        a{color:var(--accent);text-decoration:none}
        a:hover,a:focus{text-decoration:underline}
        a:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
        code,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono","DejaVu Sans Mono",monospace;font-size:.86em}
        h1,h2,h3{line-height:1.2;margin:0}
        h2{font-size:19px;font-weight:650;letter-spacing:-.005em}
        h3{font-size:15px;font-weight:650}
        p{margin:0}
        .sprite{display:none}
        .icon{width:1em;height:1em;flex:none;vertical-align:-.125em}
        .muted{color:var(--muted)}
        .small{font-size:13px}
        .nowrap{white-space:nowrap}
        .masthead{display:flex;flex-wrap:wrap;align-items:flex-end;justify-content:space-between;gap:8px 24px;\
        padding-bottom:18px;border-bottom:1px solid var(--line);margin-bottom:22px}
        .eyebrow{font-size:12px;font-weight:650;letter-spacing:.08em;text-transform:uppercase;color:var(--muted);margin-bottom:4px}
        .masthead h1{font-size:30px;font-weight:700;letter-spacing:-.015em}
        .masthead .meta{color:var(--muted);font-size:13px;text-align:right}
        nav.sections{display:flex;flex-wrap:wrap;gap:4px 18px;font-size:13px;margin-top:6px;justify-content:flex-end}
        section{margin-top:28px}
        .section-head{display:flex;flex-wrap:wrap;align-items:baseline;justify-content:space-between;gap:4px 16px;margin-bottom:12px}
        .section-head p{color:var(--muted);font-size:13px}
        .card{background:var(--panel);border:1px solid var(--line);border-radius:12px;padding:20px 22px;\
        box-shadow:0 1px 2px rgba(16,24,40,.04)}
        .headline{display:grid;grid-template-columns:minmax(250px,1fr) 2.6fr;gap:18px;margin-top:0}
        .countdown{background:var(--navy);color:#fff;border-color:var(--navy);display:flex;flex-direction:column;justify-content:space-between}
        .countdown .label,.readiness .label{font-size:12px;font-weight:650;letter-spacing:.08em;text-transform:uppercase}
        .countdown .label{color:#c7d0e3}
        .readiness .label{color:var(--muted)}
        .countdown .figure{font-size:76px;font-weight:750;line-height:1;letter-spacing:-.03em;margin:14px 0 6px}
        .countdown .unit{font-size:22px;font-weight:650;letter-spacing:0;margin-left:4px}
        .countdown .note{color:#d5dbe8;font-size:13px;margin-top:14px}
        .countdown.passed .figure{font-size:44px}
        .readiness-top{display:flex;flex-wrap:wrap;align-items:baseline;gap:4px 14px;margin:8px 0 12px}
        .stale-note{font-size:13px;color:var(--muted);margin:-4px 0 12px}.stale-note b{color:var(--ink)}
        .stale-notice{border-left:4px solid #b45309;margin-bottom:16px}
        .readiness .figure{font-size:44px;font-weight:750;line-height:1;letter-spacing:-.02em}
        .readiness .of{color:var(--muted);font-size:15px}
        .change{font-size:13px;color:var(--muted)}
        .change.worse{color:var(--blocked-ink)}
        .change.better{color:var(--ready-ink)}
        .change b{font-weight:650}
        .stack{display:flex;height:14px;border-radius:7px;overflow:hidden;background:var(--soft);margin-bottom:16px}
        .stack span{display:block;height:100%}
        .stack .ready{background:var(--ready)}
        .stack .at-risk{background:var(--at-risk);background-image:repeating-linear-gradient(135deg,rgba(255,255,255,.28) 0 3px,transparent 3px 7px)}
        .stack .blocked{background:var(--blocked)}
        .stack .unknown{background:var(--unknown);background-image:repeating-linear-gradient(45deg,rgba(255,255,255,.35) 0 2px,transparent 2px 5px)}
        .tiles{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(4,1fr);gap:12px}
        .tile{border-radius:10px;padding:12px 14px;border:1px solid var(--line);border-top-width:4px}
        .tile.blocked{border-top-color:var(--blocked);background:var(--blocked-bg)}
        .tile.at-risk{border-top-color:var(--at-risk);background:var(--at-risk-bg)}
        .tile.ready{border-top-color:var(--ready);background:var(--ready-bg)}
        .tile.unknown{border-top-color:var(--unknown);background:var(--unknown-bg)}
        .tile .name{display:flex;align-items:center;gap:6px;font-weight:650;font-size:14px}
        .tile.blocked .name{color:var(--blocked-ink)}
        .tile.at-risk .name{color:var(--at-risk-ink)}
        .tile.ready .name{color:var(--ready-ink)}
        .tile.unknown .name{color:var(--unknown-ink)}
        .tile .count{font-size:34px;font-weight:750;line-height:1.1;margin-top:4px;letter-spacing:-.02em}
        .tile .share{font-size:14px;color:var(--muted);font-weight:600;margin-left:4px}
        .tile .change{margin-top:4px}
        .outlook{display:flex;gap:12px;align-items:flex-start;margin-top:18px;padding:14px 18px;border-radius:10px;\
        border:1px solid var(--line);border-left-width:5px;background:var(--panel);font-size:15px}
        .outlook .icon{width:20px;height:20px;margin-top:1px}
        .outlook.on-track{border-left-color:var(--ready)}
        .outlook.on-track .icon{color:var(--ready)}
        .outlook.off-track{border-left-color:var(--blocked)}
        .outlook.off-track .icon{color:var(--blocked)}
        .outlook.no-trend{border-left-color:var(--unknown)}
        .outlook.no-trend .icon{color:var(--unknown)}
        .outlook strong{font-weight:650}
        .chart svg{display:block;width:100%;height:auto}
        .first-trend{display:flex;flex-wrap:wrap;gap:28px;align-items:center}
        .start-figure{display:flex;align-items:center;gap:10px}
        .start-figure .figure{font-size:28px;font-weight:700}
        .filters{display:flex;flex-wrap:wrap;gap:10px 18px;align-items:center;margin:0 0 12px}
        .filters[hidden]{display:none}
        .filters label{display:flex;gap:6px;align-items:center;font-size:14px;color:var(--muted)}
        .filters input,.filters select{font:inherit;font-size:14px;padding:5px 8px;border:1px solid var(--line);border-radius:6px;background:#fff;color:inherit}
        .filters input{min-width:16em}
        tr[hidden]{display:none}
        @media print{.filters{display:none}}
        .chart-scroll{overflow-x:auto}
        .chart text{font-family:inherit;fill:var(--muted);font-size:13px}
        .chart .axis text{font-size:12px}
        .chart .grid line{stroke:var(--line)}
        .chart .baseline{stroke:#c9ced5}
        .chart .series{fill:none;stroke-width:2.5;stroke-linejoin:round;stroke-linecap:round}
        .chart .series.blocked{stroke:var(--blocked);stroke-width:3}
        .chart .series.at-risk{stroke:var(--at-risk);stroke-dasharray:8 5}
        .chart .series.ready{stroke:var(--ready)}
        .chart .area{fill:var(--blocked);opacity:.07}
        .chart .marker.blocked{fill:var(--blocked)}
        .chart .marker.at-risk{fill:var(--at-risk)}
        .chart .marker.ready{fill:var(--ready)}
        .chart .marker{stroke:#fff;stroke-width:1.5}
        .chart .projection{fill:none;stroke:var(--blocked);stroke-width:2;stroke-dasharray:2 6;stroke-linecap:round}
        .chart .deadline line{stroke:var(--navy);stroke-width:2}
        .chart .deadline text{fill:var(--navy);font-weight:650}
        .chart .now line{stroke:#9aa3ad;stroke-dasharray:3 4}
        .chart text.series-label,.chart text.projection-label,.chart .deadline text{paint-order:stroke;stroke:#fff;stroke-width:4px;\
        stroke-linejoin:round}
        .chart text.series-label{font-weight:650;font-size:13px}
        .chart text.series-label.blocked{fill:var(--blocked-ink)}
        .chart text.series-label.at-risk{fill:var(--at-risk-ink)}
        .chart text.series-label.ready{fill:var(--ready-ink)}
        .chart text.projection-label{fill:var(--blocked-ink);font-size:12px}
        .chart text.empty-note{fill:var(--muted);font-size:14px}
        .legend{display:flex;flex-wrap:wrap;gap:6px 20px;font-size:13px;color:var(--muted);margin-top:10px}
        .legend span{display:inline-flex;align-items:center;gap:6px}
        .legend svg{width:30px;height:12px}
        .stack .no-action,.swatch.no-action{background:var(--blocked)}
        .stack .issue-open,.swatch.issue-open{background:var(--at-risk)}
        .stack .pr-open,.swatch.pr-open{background:#2f5fb3}
        .stack .merged,.swatch.merged{background:var(--ready)}
        .swatch{display:inline-block;width:12px;height:12px;border-radius:3px}
        .campaign-stack{margin-bottom:0;min-width:2px}
        table.burndown .bar-cell{width:40%;min-width:120px}
        #campaign h3{margin:22px 0 6px;font-size:15px}
        details.team-burndown{margin-top:12px}
        details.team-burndown summary{cursor:pointer;font-weight:600}
        details{margin-top:12px;font-size:13px}
        summary{cursor:pointer;color:var(--muted)}
        .table-wrap{overflow-x:auto}
        table{width:100%;border-collapse:collapse;font-size:14px}
        th{font-size:12px;font-weight:650;letter-spacing:.04em;text-transform:uppercase;color:var(--muted);text-align:left;\
        padding:8px 10px;border-bottom:1px solid var(--line);white-space:nowrap;vertical-align:bottom}
        td{padding:9px 10px;border-bottom:1px solid var(--line);vertical-align:top}
        tbody tr:last-child td{border-bottom:0}
        th.num,td.num{text-align:right;white-space:nowrap}
        td.zero{color:var(--faint)}
        td.hot{color:var(--blocked-ink);font-weight:650}
        td.warm{color:var(--at-risk-ink);font-weight:650}
        tr.owner td{background:#fafbfc;font-size:13px;padding-top:6px;padding-bottom:6px}
        tr.owner td:first-child{padding-left:26px}
        .team-name{font-weight:650}
        .unowned{color:var(--muted);font-style:italic}
        .meter{display:inline-block;width:86px;height:8px;border-radius:4px;background:var(--soft);vertical-align:middle;margin-right:8px;overflow:hidden}
        .meter span{display:block;height:100%;background:var(--ready)}
        .meter.rule span{background:var(--blocked)}
        .badge{display:inline-flex;align-items:center;gap:5px;font-size:12.5px;font-weight:650;padding:2px 9px 2px 7px;border-radius:999px;\
        white-space:nowrap;line-height:1.5}
        .badge.blocked,.badge.sev-error{background:var(--blocked-bg);color:var(--blocked-ink)}
        .badge.at-risk,.badge.sev-warning{background:var(--at-risk-bg);color:var(--at-risk-ink)}
        .badge.ready{background:var(--ready-bg);color:var(--ready-ink)}
        .badge.unknown,.badge.sev-note{background:var(--unknown-bg);color:var(--unknown-ink)}
        .badge .dot{width:8px;height:8px;border-radius:50%;border:2px solid currentColor}
        .status{display:inline-block;font-size:12px;font-weight:650;padding:1px 7px;border-radius:4px;background:var(--soft);color:var(--muted)}
        .status.stale,.status.failed{background:var(--blocked-bg);color:var(--blocked-ink)}
        .changes{display:grid;grid-template-columns:1fr 1fr;gap:18px}
        .changes h3{display:flex;align-items:center;gap:8px;margin-bottom:8px}
        .arrow{color:var(--faint);padding:0 4px}
        .empty{color:var(--muted);font-size:14px;padding:6px 0}
        .rules td .rule-name{font-weight:650}
        .finding-message{font-size:13.5px}
        .where{font-size:12px;color:var(--muted);margin-top:2px;overflow-wrap:anywhere}
        .where a{color:inherit;text-decoration:underline;text-decoration-color:#b8bec6}
        .apps td.verdict{white-space:nowrap}
        .apps td.app{min-width:210px;max-width:300px}
        .apps a.repo{font-weight:600}
        .changes h3.blocked .icon{color:var(--blocked)}
        .changes h3.ready .icon{color:var(--ready)}
        .owners{font-size:12.5px;color:var(--muted)}
        footer{margin-top:36px;padding-top:16px;border-top:1px solid var(--line);color:var(--muted);font-size:13px}
        footer p+p{margin-top:6px}
        .app-card{margin-top:18px}
        .app-head{display:flex;flex-wrap:wrap;align-items:center;gap:8px 14px;margin-bottom:6px}
        .app-head h2{font-size:20px}
        .facts{color:var(--muted);font-size:13px;margin-bottom:12px}
        .rule-group{border-top:1px solid var(--line);padding:14px 0 4px}
        .rule-group:first-of-type{border-top:0}
        .rule-group h3{display:flex;flex-wrap:wrap;align-items:center;gap:8px}
        .fix{font-size:14px;margin:8px 0 10px;padding:8px 12px;background:var(--soft);border-radius:8px}
        .fix b{font-weight:650}
        ol.findings{margin:0;padding:0;list-style:none}
        ol.findings li{padding:6px 0;border-top:1px dashed var(--line);font-size:14px}
        ol.findings li:first-child{border-top:0}
        .loc{font-weight:600;word-break:break-all}
        .rule-page{margin-top:16px;scroll-margin-top:12px}
        .rule-page:target{outline:3px solid var(--accent);outline-offset:2px}
        .rule-page h2{display:flex;flex-wrap:wrap;align-items:center;gap:10px}
        .rule-page .id{font-size:13px;color:var(--muted)}
        .rule-page p{margin-top:8px;max-width:95ch}
        .rule-page h3{margin-top:14px;font-size:13px;letter-spacing:.06em;text-transform:uppercase;color:var(--muted)}
        pre{background:var(--soft);border-radius:8px;padding:10px 12px;overflow-x:auto;font-size:12.5px;line-height:1.45;margin:6px 0 0}
        .toc{columns:2;column-gap:32px;font-size:14px;padding-left:18px}
        @media (max-width:980px){.headline{grid-template-columns:1fr}.tiles{grid-template-columns:repeat(2,1fr)}\
        .changes{grid-template-columns:1fr}.masthead .meta{text-align:left}nav.sections{justify-content:flex-start}}
        @media (max-width:560px){main{padding:18px 14px 40px}.countdown .figure{font-size:56px}.toc{columns:1}\
        .chart-scroll svg{min-width:640px}}
        @media print{@page{size:A4;margin:14mm 12mm}\
        body{background:#fff;font-size:10.5pt}main{max-width:none;padding:0}\
        nav.sections,details{display:none}\
        .card{box-shadow:none;border-color:#cfd4da;break-inside:avoid}\
        .countdown{background:#fff;color:var(--ink);border:2px solid var(--navy)}\
        .countdown .label,.countdown .note{color:var(--muted)}\
        .headline{grid-template-columns:1fr 2.4fr}.tiles{grid-template-columns:repeat(4,1fr)}.changes{grid-template-columns:1fr 1fr}\
        .stack,.tile,.badge,.meter span,.chart{-webkit-print-color-adjust:exact;print-color-adjust:exact}\
        section{break-inside:auto}h2,h3,.section-head{break-after:avoid}tr,.outlook,.rule-group,.tile{break-inside:avoid}\
        thead{display:table-header-group}a{color:inherit}.table-wrap,.chart-scroll{overflow:visible}\
        .rule-page:target{outline:0}}
        """
}
