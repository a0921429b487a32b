using McMaster.Extensions.CommandLineUtils;
using MemAnalyzer.Cli;
using MemAnalyzer.Tests.Infrastructure;

namespace MemAnalyzer.Tests.Unit.Fuzz;

/// <summary>Random command lines, run in-process: a documented exit code, at most one error line (followed only by indented detail lines), never a stack trace.</summary>
public sealed class CommandLineFuzzTests : IDisposable
{
    private static readonly int[] s_documented =
        typeof(ExitCodes).GetFields().Where(f => f.IsLiteral).Select(f => (int)f.GetRawConstantValue()!).ToArray();

    private readonly TempDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Fact]
    public void RandomCommandLinesGiveADocumentedExitCodeAndAtMostOneErrorLine()
    {
        var text = _directory.File("notes.txt");
        File.WriteAllText(text, "not a dump, not a csv\n");
        string[] switches = ["-f", "-f2", "-dts", "-dtn", "-dstrings", "-live", "-dead", "-unit", "-o", "-sep", "-context", "-time", "-timefmt",
            "-overwrite", "-noexcelsep", "-trend", "-html", "-failongrowth", "-contextfilter", "-trendby", "--top", "-showaddress", "-resultfile", "-bogus", "-pid2"];
        string[] values = [text, _directory.Path, _directory.File("missing.dmp"), _directory.File("out.csv"), _directory.File("no/dir/x.csv"),
            "20", "0", "-1", "5000;N#200", "N#x", "KB", "TB", "\\t", ",,", "%", "([", "Weather", "1MB", "", " ", "999999999999"];
        FuzzInput.Run(8, (random, iteration) =>
        {
            var args = Enumerable.Range(0, random.Next(1, 7))
                .Select(_ => random.Next(3) == 0 ? values[random.Next(values.Length)] : switches[random.Next(switches.Length)])
                .ToArray();
            var console = new CapturingConsole();
            var exitCode = CommandRunner.Run(args, console, CancellationToken.None);
            var errors = console.ErrorText.Split('\n', StringSplitOptions.RemoveEmptyEntries).Where(l => l.StartsWith("error:", StringComparison.Ordinal)).ToList();

            Assert.True(s_documented.Contains(exitCode), $"exit {exitCode} for: {string.Join(' ', args)}\n{console.ErrorText}");
            // A batch of dumps (several -f) gives one error line per dump that failed, each naming its dump.
            var batch = exitCode is ExitCodes.BatchPartlyFailed or ExitCodes.BatchFailed;
            Assert.True(exitCode == 0 ? errors.Count == 0 : batch ? errors.Count >= 1 : errors.Count == 1, $"{errors.Count} error lines for: {string.Join(' ', args)}\n{console.ErrorText}");
            // An error is one "error:" line, then only detail lines indented by two spaces (a long message is folded).
            var lines = console.ErrorText.Split('\n', StringSplitOptions.RemoveEmptyEntries);
            var first = Array.FindIndex(lines, l => l.StartsWith("error:", StringComparison.Ordinal));
            Assert.True(batch || first < 0 || lines.Skip(first + 1).All(l => l.StartsWith("  ", StringComparison.Ordinal)), $"lines after the error line for: {string.Join(' ', args)}\n{console.ErrorText}");
            Assert.NotEqual(ExitCodes.InternalError, exitCode);
            Assert.DoesNotContain("   at ", console.ErrorText, StringComparison.Ordinal);
        }, maxIterations: 400);
    }

    private sealed class CapturingConsole : IConsole
    {
        private readonly StringWriter _out = new();
        private readonly StringWriter _error = new();

        public string ErrorText => _error.ToString();

        public TextWriter Out => _out;

        public TextWriter Error => _error;

        public TextReader In => TextReader.Null;

        public bool IsInputRedirected => true;

        public bool IsOutputRedirected => true;

        public bool IsErrorRedirected => true;

        public ConsoleColor ForegroundColor { get; set; }

        public ConsoleColor BackgroundColor { get; set; }

        public event ConsoleCancelEventHandler? CancelKeyPress
        {
            add { }
            remove { }
        }

        public void ResetColor()
        {
        }
    }
}
