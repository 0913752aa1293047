import PackagePlugin
@main struct LintFormat: CommandPlugin { func performCommand(context: PluginContext, arguments: [String]) async throws {} }
