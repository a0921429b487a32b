namespace MemAnalyzer.Capture;

/// <summary>What to dump and where, from -procdump's arguments in either the original's Windows form or ProcDump for Linux's.</summary>
/// <param name="Output">A file or directory (Windows form), or a file name prefix (Linux -o); null for the current directory.</param>
/// <param name="OutputIsPrefix">Output is ProcDump for Linux's -o prefix, to which it appends "_&lt;n&gt;.&lt;pid&gt;".</param>
/// <param name="Full">-ma: all memory. -mp (the default): the heap, as dotnet-dump's "heap" type.</param>
/// <param name="Options">ProcDump for Linux options other than the target and -o, passed on verbatim (triggers, -n, -s, -I, -d).</param>
public sealed record ProcDumpRequest(int? Pid, string? ProcessName, string? Output, bool OutputIsPrefix, bool Full, IReadOnlyList<string> Options)
{
    /// <summary>Options that make ProcDump wait for a condition or write several dumps; the native writer cannot.</summary>
    public bool NeedsProcDump => Options.Any(o => o is "-C" or "-c" or "-M" or "-m" or "-T" or "-F" or "-G" or "-n" or "-s");

    /// <summary>The original's -mp: a heap dump (ProcDump for Linux's own syntax always means a full dump).</summary>
    public bool HeapDumpAsked => !Full;
}

public static class ProcDumpArguments
{
    private static readonly string[] s_optionsWithValue = ["-C", "-c", "-M", "-m", "-T", "-F", "-G", "-I", "-n", "-s"];

    /// <exception cref="FormatException">The arguments name no target, or an option lacks its value.</exception>
    public static ProcDumpRequest Parse(IReadOnlyList<string> args)
    {
        if (args.Any(a => a.Equals("-ma", StringComparison.OrdinalIgnoreCase) || a.Equals("-mp", StringComparison.OrdinalIgnoreCase)))
        {
            return ParseWindowsForm(args);
        }
        int? pid = null;
        string? name = null, output = null;
        var options = new List<string>();
        for (var i = 0; i < args.Count; i++)
        {
            var arg = args[i];
            switch (arg)
            {
                case "-p":
                    pid = int.TryParse(Value(args, ref i, arg), out var p) && p > 0 ? p : throw new FormatException($"-p {args[i]} is not a process id");
                    break;
                case "-w":
                    name = Value(args, ref i, arg);
                    break;
                case "-o":
                    output = Value(args, ref i, arg);
                    break;
                case "-d":
                    options.Add(arg);
                    break;
                case var _ when s_optionsWithValue.Contains(arg):
                    options.Add(arg);
                    options.Add(Value(args, ref i, arg));
                    break;
                case "-accepteula":
                    break;
                default:
                    throw new FormatException($"'{arg}' is not a ProcDump for Linux option: use -p <pid> or -w <name>, -o <prefix>, -n, -s and the triggers -M/-m/-C/-c/-T/-F/-G, or the original's -ma|-mp <pid|name> [file|dir]");
            }
        }
        if (pid is null == name is null)
        {
            throw new FormatException("name exactly one process: -p <pid> or -w <name> (or the original's -ma <pid|name>)");
        }
        return new ProcDumpRequest(pid, name, output, OutputIsPrefix: output is not null, Full: true, options);
    }

    /// <summary>The original's "-ma|-mp &lt;pid|name&gt; [file|dir]", in any order of the switch (it accepted "notepad.exe -ma").</summary>
    private static ProcDumpRequest ParseWindowsForm(IReadOnlyList<string> args)
    {
        var full = args.Any(a => a.Equals("-ma", StringComparison.OrdinalIgnoreCase));
        var positional = args.Where(a => !a.StartsWith('-')).ToList();
        if (positional.Count is 0 or > 2)
        {
            throw new FormatException("the original's form is -ma|-mp <pid|process name> [dump file or directory]");
        }
        var target = positional[0];
        int? pid = int.TryParse(target, out var p) && p > 0 ? p : null;
        var name = pid is null ? (target.EndsWith(".exe", StringComparison.OrdinalIgnoreCase) ? target[..^4] : target) : null;
        return new ProcDumpRequest(pid, name, positional.Count == 2 ? positional[1] : null, OutputIsPrefix: false, full, []);
    }

    private static string Value(IReadOnlyList<string> args, ref int i, string option) =>
        ++i < args.Count ? args[i] : throw new FormatException($"{option} needs a value");

    /// <summary>ProcDump for Linux's arguments for one resolved process, writing with the given prefix.</summary>
    public static IReadOnlyList<string> ForProcDump(ProcDumpRequest request, int pid, string prefix) =>
        [.. request.Options, "-o", prefix, "-p", pid.ToString(System.Globalization.CultureInfo.InvariantCulture)];

    /// <summary>The dump paths ProcDump for Linux reports: "Core dump 0 generated: /path/x_0.123".</summary>
    public static string? GeneratedDump(string outputLine)
    {
        const string marker = "generated: ";
        var at = outputLine.IndexOf(marker, StringComparison.Ordinal);
        return at >= 0 && outputLine.Contains("Core dump", StringComparison.Ordinal) ? outputLine[(at + marker.Length)..].Trim() : null;
    }
}
