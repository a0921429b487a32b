using System.Globalization;
using McMaster.Extensions.CommandLineUtils;
using MemAnalyzer.Commands;
using MemAnalyzer.Dac;
using MemAnalyzer.Heap;
using MemAnalyzer.Views;

namespace MemAnalyzer.Cli;

/// <summary>
/// Parses, isolates the analysis in a child process when it reads a target, runs, and maps every failure to one
/// <c>error:</c> line (with indented detail lines when long, see <see cref="ErrorText"/>) and a named exit code. The only place that reads the process environment for the core.
/// </summary>
public static class CommandRunner
{
    /// <summary>Overrides the walk's thread count (a positive number), to measure; not needed in normal use.</summary>
    public const string WalkThreadsVariable = "MEMANALYZER_WALK_THREADS";

    /// <summary>Fault injection for the tests: milliseconds to pause halfway through writing a JSON file.</summary>
    public const string PauseInJsonWriteVariable = "MEMANALYZER_TEST_PAUSE_IN_JSON_WRITE_MS";

    public static int Run(string[] args, IConsole console, CancellationToken cancellation)
    {
        try
        {
            // Everything after -procdump belongs to the dump writer, as in the original.
            var split = Array.FindIndex(args, CommandLine.IsProcDumpSwitch);
            var procDumpArguments = split >= 0 ? args[(split + 1)..] : null;
            var line = new CommandLine(console) { Arguments = args }.Parse(ArgumentNormalizer.Normalize(split >= 0 ? args[..split] : args));
            var request = RequestBuilder.Build(line, procDumpArguments);
            if (request is HelpRequest)
            {
                // Written out whole, never through the library's pager: a pager waits for a person, also under a pty without one.
                console.Out.Write(HelpWriter.Render(line, HelpWriter.Width(!console.IsOutputRedirected, Environment.GetEnvironmentVariable("COLUMNS"))));
                return ExitCodes.Success;
            }
            if (request is VersionRequest)
            {
                console.Out.WriteLine(VersionRequest.Text(typeof(CommandRunner).Assembly
                    .GetCustomAttributes(typeof(System.Reflection.AssemblyInformationalVersionAttribute), false)
                    .OfType<System.Reflection.AssemblyInformationalVersionAttribute>().FirstOrDefault()?.InformationalVersion));
                return ExitCodes.Success;
            }
            if (request is BatchRequest batch)
            {
                return BatchRunner.Run(args, batch, line.Silent.HasValue(), PauseInJsonWrite(), console, cancellation);
            }
            if (request.Targets.Count > 0 && !IsolatedRunner.IsChild)
            {
                if (ViewCatalog.TypeTable.ImpliedLiveNote(line.Has) is { } note && !line.Silent.HasValue())
                {
                    console.Error.WriteLine(note);
                }
                return IsolatedRunner.Run(args, request, console.Error, cancellation);
            }
            // A damaged dump can make the DAC loop inside one call, out of reach of the cancellation: the child then ends itself.
            var dacCalls = DacStallWatchdog.Start(cancellation);
            var context = new RunContext(console.Out, console.Error, line.Silent.HasValue(), ErrorIsTerminal(), WalkOptions(dacCalls) with
                {
                    Index = IndexLocation.Index(line.NoIndex.HasValue(), line.Silent.HasValue(), console.Error),
                    GraphBudget = GraphBudgets.Of(SwitchValues.MaxMemory(line.MaxMemory.Value())),
                },
                DacSearchLocations.FromEnvironment([.. line.DacDirectories.Values.OfType<string>()], line.IgnoreDacMismatch.HasValue()) with
                {
                    BinaryDirectories = BinaryDirectoryList.Of(line.BinaryDirectories.Values.OfType<string>(), Environment.GetEnvironmentVariable(BinaryDirectoryList.Variable)),
                }, cancellation,
                line.AllowDamage.HasValue(), line.Verbose.HasValue(), PauseInJsonWrite())
            {
                OutputWidth = OutputWidth(console),
            };
            return CommandDispatcher.Run(request, context);
        }
        catch (CommandParsingException e)
        {
            return Fail(console, ExitCodes.InvalidArguments, $"{e.Message.TrimEnd('.')}: run MemAnalyzer --help for the switches");
        }
        catch (MemAnalyzerException e)
        {
            return Fail(console, e.ExitCode, e.Message);
        }
        catch (OperationCanceledException)
        {
            return Fail(console, ExitCodes.Cancelled, "cancelled; a live target was resumed");
        }
        catch (OutOfMemoryException)
        {
            return Fail(console, ExitCodes.OutOfMemory, "MemAnalyzer ran out of memory: this machine (or its container's limit) had too little free for this analysis; " +
                "run it where more memory is free, or ask a view that builds no graph (-live, -dstrings, -inspections). A live target was resumed");
        }
        catch (Exception e) when (IsolatedRunner.IsChild && e is IOException or InvalidDataException)
        {
            // Damage, not a bug: ClrMD and the DAC throw these on inconsistent runtime data (with or without MEMANALYZER_DEBUG,
            // which would otherwise let the exception abort the child and the parent call it a DAC crash with signal 6).
            return Fail(console, ExitCodes.HeapUnreadable, DamagedHeapMessage(e));
        }
        catch (Exception e) when (Environment.GetEnvironmentVariable("MEMANALYZER_DEBUG") is null)
        {
            return Fail(console, ExitCodes.InternalError, $"internal error ({e.GetType().Name}: {e.Message}); please report it with the command line. Set MEMANALYZER_DEBUG=1 for a stack trace");
        }
    }

    /// <summary>Threads from the environment or the cores (at most four: past that, memory bandwidth bounds the scan); stack roots unless the isolated retry turned them off.</summary>
    /// <summary>The terminal's width, or COLUMNS; null for redirected output without COLUMNS.</summary>
    private static int? OutputWidth(IConsole console)
    {
        var columns = Environment.GetEnvironmentVariable("COLUMNS");
        return console.IsOutputRedirected && string.IsNullOrEmpty(columns) ? null : HelpWriter.Width(!console.IsOutputRedirected, columns);
    }

    private static WalkOptions WalkOptions(DacCallWatch dacCalls)
    {
        var threads = int.TryParse(Environment.GetEnvironmentVariable(WalkThreadsVariable), NumberStyles.None, CultureInfo.InvariantCulture, out var forced) && forced > 0
            ? Math.Min(forced, Heap.WalkOptions.MaxThreads)
            : Math.Max(1, Math.Min(4, Environment.ProcessorCount));
        return new WalkOptions(threads,
            IncludeStackRoots: Environment.GetEnvironmentVariable(IsolatedRunner.NoStackRootsVariable) != "1",
            SimulateStackWalkCrash: IsolatedRunner.IsChild && Environment.GetEnvironmentVariable(IsolatedRunner.SimulateCrashVariable) == "1",
            DacCalls: dacCalls)
        {
            BeforeGraph = Linux.HugePages.Once(Environment.GetEnvironmentVariable(Linux.HugePages.Variable)),
        };
    }

    private static TimeSpan PauseInJsonWrite() =>
        int.TryParse(Environment.GetEnvironmentVariable(PauseInJsonWriteVariable), NumberStyles.None, CultureInfo.InvariantCulture, out var ms) ? TimeSpan.FromMilliseconds(ms) : TimeSpan.Zero;

    // In the isolated analysis child stderr is a pipe to the parent, which says whether the user's stderr is a terminal.
    private static bool ErrorIsTerminal() =>
        IsolatedRunner.IsChild ? Environment.GetEnvironmentVariable(IsolatedRunner.ErrorIsTerminalVariable) == "1" : !Console.IsErrorRedirected;

    /// <summary>What an analysis child says when reading the target's heap threw instead of crashing: the sentence of a DAC crash, with the exception in place of the signal.</summary>
    internal static string DamagedHeapMessage(Exception e) =>
        $"the .NET debugging library (DAC) or ClrMD failed while it read the heap ({e.GetType().Name}: {e.Message.TrimEnd('.')}); " +
        "the dump may be damaged, or the process changed under it. Live targets were resumed";

    private static int Fail(IConsole console, int exitCode, string message)
    {
        ErrorText.Write(console.Error, message);
        return exitCode;
    }
}
