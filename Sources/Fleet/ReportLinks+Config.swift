import Results

extension ReportLinks {
    /// The links of a fleet: under its `report_url`, else paths in its workspace.
    package init(_ config: FleetConfig) {
        self.init(base: config.reportURL, workspace: config.workspace)
    }
}
