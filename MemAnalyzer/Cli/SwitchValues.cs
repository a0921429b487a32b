using System.Globalization;
using System.Text.RegularExpressions;
using McMaster.Extensions.CommandLineUtils;
using MemAnalyzer.Analysis;
using MemAnalyzer.Trend;

namespace MemAnalyzer.Cli;

/// <summary>Pure parsers of switch values; each bad value is an invalid-arguments error that says what to give instead.</summary>
public static class SwitchValues
{
    /// <summary>A whole number, with the message the command-line library gives for one.</summary>
    public static int? Int(CommandOption option)
    {
        var text = option.Value();
        if (text is null)
        {
            return null;
        }
        return int.TryParse(text, NumberStyles.Integer, CultureInfo.InvariantCulture, out var value)
            ? value
            : throw Invalid($"Invalid value specified for {option.LongName}. '{text}' is not a valid number: run MemAnalyzer --help for the switches");
    }

    /// <summary>-pid/-pid2: a pid, or a name or command-line text that <paramref name="resolve"/> turns into the pid of the one matching process.</summary>
    public static int? ProcessId(CommandOption option, Func<string, int> resolve)
    {
        var text = option.Value();
        if (text is null)
        {
            return null;
        }
        return int.TryParse(text, NumberStyles.Integer, CultureInfo.InvariantCulture, out var pid) ? pid : resolve(text);
    }

    public static Targets.AttachMode Attach(string? text) =>
        text is null ? Targets.AttachMode.Auto
        : Enum.TryParse<Targets.AttachMode>(text, ignoreCase: true, out var mode) && Enum.IsDefined(mode) && !char.IsAsciiDigit(text[0])
            ? mode
            : throw Invalid($"-attach {text} is not a way to read a process: use ptrace, dump or auto");

    public static SizeUnit Unit(string? text) =>
        Enum.TryParse<SizeUnit>(text ?? nameof(SizeUnit.Bytes), ignoreCase: true, out var parsed) && Enum.IsDefined(parsed) && !char.IsAsciiDigit((text ?? "B")[0])
            ? parsed
            : throw Invalid($"-unit {text} is not a unit: use Bytes, KB, MB or GB");

    public static char Separator(string? text)
    {
        var value = (text ?? "\\t").Trim('"', '\'');
        var separator = value switch
        {
            "\\t" or "\t" => '\t',
            { Length: 1 } => value[0],
            _ => throw Invalid($"-sep \"{text}\" is not one character: give a single character such as , or ; or \\t for TAB"),
        };
        return separator is '"' or '\n' or '\r'
            ? throw Invalid("-sep cannot be a quote or a line break: CSV needs those for quoting and rows")
            : separator;
    }

    public static string TimeFormat(string? format)
    {
        if (format is null)
        {
            return Output.ReportStamp.DefaultTimeFormat;
        }
        if (format.Equals(Output.ReportStamp.InvariantTimeFormat, StringComparison.OrdinalIgnoreCase))
        {
            return Output.ReportStamp.InvariantTimeFormat;
        }
        try
        {
            _ = DateTime.Now.ToString(format, CultureInfo.InvariantCulture);
            return format;
        }
        catch (FormatException)
        {
            throw Invalid($"-timefmt \"{format}\" is not a .NET date format: use e.g. yyyy-MM-dd HH:mm:ss, o, or Invariant");
        }
    }

    public static IterationKey TrendBy(string? text) =>
        text is null ? IterationKey.Context
        : Enum.TryParse<IterationKey>(text, ignoreCase: true, out var parsed) && Enum.IsDefined(parsed) && !char.IsAsciiDigit(text[0]) ? parsed
        : throw Invalid($"-trendby {text} is not Context or Time");

    public static Regex ContextFilter(string pattern)
    {
        try
        {
            return new Regex(pattern, RegexOptions.CultureInvariant, TimeSpan.FromSeconds(1));
        }
        catch (ArgumentException e)
        {
            throw Invalid($"-contextfilter \"{pattern}\" is not a regular expression: {e.Message}");
        }
    }

    /// <summary>Bytes per iteration for -failongrowth: a number with an optional B/KB/MB/GB suffix.</summary>
    public static long Bytes(string text) =>
        TrySize(text, bare: 1, out var bytes) ? bytes : throw Invalid($"-failongrowth {text} is not a size: give bytes per iteration such as 100000, 64KB or 1MB");

    /// <summary>-maxmemory: megabytes, a whole number above 0, or with a KB, MB or GB suffix; in bytes.</summary>
    public static long? MaxMemory(string? text) => text is null ? null
        : TrySize(text, bare: 1L << 20, out var bytes) && bytes > 0 ? bytes
        : throw Invalid($"-maxmemory {text} is not a size: give megabytes such as 4096, or a size such as 16GB or 512KB");

    /// <summary>A whole number of bytes, KB, MB or GB (suffix in any case), or of <paramref name="bare"/> bytes without one; false past long's range.</summary>
    private static bool TrySize(string text, long bare, out long bytes)
    {
        var units = new (string Suffix, long Factor)[] { ("GB", 1L << 30), ("MB", 1L << 20), ("KB", 1L << 10), ("B", 1), ("", bare) };
        var trimmed = text.Trim();
        var (suffix, factor) = units.First(u => trimmed.EndsWith(u.Suffix, StringComparison.OrdinalIgnoreCase));
        var ok = long.TryParse(trimmed[..^suffix.Length].Trim(), NumberStyles.None, CultureInfo.InvariantCulture, out var value) && value <= long.MaxValue / factor;
        bytes = ok ? value * factor : 0;
        return ok;
    }

    public static MemAnalyzerException Invalid(string message) => new(ExitCodes.InvalidArguments, message);

    /// <summary>-format: true for JSON. Without it the output file's extension decides (.json), else the table or CSV.</summary>
    public static bool OutputFormat(string? format, string? path)
    {
        var jsonFile = path is not null && path.EndsWith(".json", StringComparison.OrdinalIgnoreCase);
        return format?.ToLowerInvariant() switch
        {
            null => jsonFile,
            "json" when path is null || jsonFile => true,
            "json" => throw Invalid($"-format json writes JSON, and -o {path} is not a .json file: name the file FILE.json, or leave out -o to print the JSON"),
            "table" when path is null => false,
            "table" => throw Invalid("-format table prints the table, and -o writes a file: leave out one of them"),
            _ => throw Invalid($"-format {format} is not a format: use table or json"),
        };
    }
}
