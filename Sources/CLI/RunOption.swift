/// `--run ID`, as every command that reads a stored run takes it.
enum RunOption {
    /// - Parameter purpose: what the run is for, after "The run" (" to publish"); nil for none.
    static func option<Options>(_ run: WritableKeyPath<Options, String>, purpose: String? = nil) -> OptionSpec<Options> {
        OptionSpec(["--run", "-r"], value: "ID", help: "The run\(purpose ?? ""): its id, a unique prefix of it, or latest (default)") {
            options, value in
            options[keyPath: run] = value
        }
    }
}
