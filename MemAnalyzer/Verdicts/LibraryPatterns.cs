using MemAnalyzer.Retention;

namespace MemAnalyzer.Verdicts;

/// <summary>
/// The built-in catalog of retention patterns that belong to framework code: -suspects reports a suspect whose root path
/// matches one as a library pattern, with the usual fix, after the application's own suspects. Adding one is one line.
/// </summary>
public static class LibraryPatterns
{
    private const string Timers = "timers kept by the runtime's timer queue";
    private const string TimersHint = "dispose each Timer, and dispose (or cancel) a CancellationTokenSource with a delay once its work is done: the queue keeps them, their callbacks and state until they fire";
    private const string Transients = "disposable transients kept by the root ServiceProvider";
    private const string TransientsHint = "resolve IDisposable transients from a scope (CreateScope) and dispose the scope, or register them scoped or singleton: the root provider keeps each one it creates until it is disposed";
    private const string StaticEvent = "handlers of a static event of the runtime";
    private const string StaticEventHint = "remove the handler (-=) when its object is done: a static event keeps every handler and its target for the life of the process";
    private const string DependencyInjection = "Microsoft.Extensions.DependencyInjection.";

    public static IReadOnlyList<LibraryPattern> All { get; } =
    [
        new(Timers, TimersHint, null, [("System.Threading.TimerQueue", null)]),
        new(Transients, TransientsHint, null, [(DependencyInjection + "ServiceProvider", "<Root>k__BackingField"), (DependencyInjection + "ServiceLookup.ServiceProviderEngineScope", "_disposables")]),
        new(StaticEvent, StaticEventHint, null, [("System.AppDomain", null)]),
        new(StaticEvent, StaticEventHint, "static System.AppContext.UnhandledException", []),
        new(StaticEvent, StaticEventHint, "static System.AppContext.FirstChanceException", []),
        new(StaticEvent, StaticEventHint, "static System.Runtime.Loader.AssemblyLoadContext.AssemblyLoad", []),
        new(StaticEvent, StaticEventHint, "static System.Runtime.Loader.AssemblyLoadContext.AssemblyResolve", []),
        new(StaticEvent, StaticEventHint, "static System.Console.s_cancelCallbacks", []),
        new(StaticEvent, StaticEventHint, "static Microsoft.Win32.SystemEvents.", []),
    ];

    /// <summary>The first pattern the path matches, or null: the application's own.</summary>
    public static LibraryPattern? Of(RootPath? path) => path is null ? null : All.FirstOrDefault(p => p.Matches(path));
}
