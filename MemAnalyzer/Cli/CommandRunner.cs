using McMaster.Extensions.CommandLineUtils;

namespace MemAnalyzer.Cli;

/// <summary>Parses, runs, and maps every failure to one <c>error:</c> line and a named exit code.</summary>
public static class CommandRunner
{
    public static int Run(string[] args, IConsole console, CancellationToken cancellation)
    {
        try
        {
            using var app = new CommandLineApplication<AnalyzeCommand>(console);
            app.Conventions.UseDefaultConventions();
            app.Model.Cancellation = cancellation;
            // Everything after -procdump belongs to the dump writer, as in the original.
            var split = Array.FindIndex(args, a => a.Equals("-procdump", StringComparison.OrdinalIgnoreCase) || a.Equals("--procdump", StringComparison.OrdinalIgnoreCase));
            if (split >= 0)
            {
                app.Model.ProcDumpArguments = args[(split + 1)..];
                args = args[..split];
            }
            return app.Execute(ArgumentNormalizer.Normalize(args));
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
        catch (Exception e) when (Environment.GetEnvironmentVariable("MEMANALYZER_DEBUG") is null)
        {
            return Fail(console, ExitCodes.InternalError, $"internal error ({e.GetType().Name}: {e.Message}); please report it with the command line. Set MEMANALYZER_DEBUG=1 for a stack trace");
        }
    }

    private static int Fail(IConsole console, int exitCode, string message)
    {
        console.Error.WriteLine($"error: {message.ReplaceLineEndings(" ")}");
        return exitCode;
    }
}
