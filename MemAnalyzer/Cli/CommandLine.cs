using McMaster.Extensions.CommandLineUtils;
using MemAnalyzer.Views;

namespace MemAnalyzer.Cli;

/// <summary>
/// Every switch, declared once with McMaster's builder API (no attribute model: Native AOT cannot run it). Switches
/// take one dash as in the original, long forms two; names are case-insensitive. The help lists them in this order:
/// targets, views, output, DAC, capture and GC, trend.
/// </summary>
public sealed class CommandLine
{
    public CommandLine(IConsole console)
    {
        App = new CommandLineApplication(console)
        {
            Name = "MemAnalyzer",
            FullName = HelpText.Title,
            OptionsComparison = StringComparison.OrdinalIgnoreCase,
            // An unknown word lands in RemainingArguments, and Parse says what was meant (UnknownArgument).
            ThrowOnUnexpectedArgument = false,
        };
        DumpFile = App.Option("-f|--file <DUMP>", "Core dump to analyze (createdump, dotnet-dump, WriteDump or procdump), or a .gcdump of dotnet-gcdump (its type table and diffs). Several (repeated -f, or a glob such as 'dumps/*.dmp'): a batch, each dump on its own. With -sql: export folders (a pattern names folders).", CommandOptionType.MultipleValue);
        ProcessId = Single("-pid|--pid <PID-OR-NAME>", "Live .NET process to analyze: a pid, or its name or part of its command line (one match). Suspended only while its heap is read.");
        SecondDumpFile = Single("-f2|--file2 <DUMP>", "Second dump (or .gcdump): print second minus first per type (diff). Combines with -f or -pid.");
        SecondProcessId = Single("-pid2|--pid2 <PID-OR-NAME>", "Second, live process for a diff. Combines with -f or -pid.");
        Attach = Single("-attach|--attach <MODE>", "How to read a live process: ptrace, dump (its runtime writes a heap dump over the diagnostics socket; analyzed, then deleted), or auto (ptrace, else dump; the default).");
        ProcessList = Flag("-ps|--ps", "List the .NET processes this user can analyze: pid, app, runtime, resident memory, ptrace and diagnostics-socket access, command line.");
        Declare(ViewCatalog.TypeTable.Sorting);
        Unit = Single("-unit|--unit <UNIT>", "Unit of byte columns: Bytes (default), KB, MB or GB.");
        Declare(ViewCatalog.BesideTheTypeTable);
        Declare(ViewCatalog.TypeTable.Columns);
        Declare([ViewCatalog.Roots, ViewCatalog.Objects, ViewCatalog.Suspects]);
        Declare(ViewCatalog.InHelpOrder);
        Declare(ViewCatalog.TypeTable.MemoryMap);
        OutputFile = Single("-o|--output <FILE.csv>", "Append the rows to a CSV file instead of printing them (a header only when the file is new); a .json file gets the JSON report, replaced whole. Raises the default N to 20000.");
        Format = Single("-format|--format <FORMAT>", "table (the default) or json: the JSON report (schema memanalyzer/1) on stdout. -o FILE.json writes it to a file.");
        Overwrite = Flag("-overwrite|--overwrite", "Start the CSV file afresh (with a header) instead of appending.");
        Separator = Single("-sep|--separator <CHAR>", "CSV separator: one character; the text \\t means TAB (the default).");
        NoExcelSeparator = Flag("-noexcelsep|--no-excel-sep", "Do not begin a new CSV file with the sep= line Excel reads.");
        Context = Single("-context|--context <TEXT>", "Text for the CSV Context column, such as the test iteration.");
        TimeText = Single("-time|--time <TEXT>", "Text for the CSV Time column instead of the clock, to stamp several processes with one time.");
        TimeFormat = Single("-timefmt|--time-format <FORMAT>", "Format of the CSV Time column: a .NET date format (default yyyy-MM-dd HH:mm:ss) or Invariant.");
        Declare(ViewCatalog.TypeTable.Result);
        Silent = Flag("-silent|--silent", "No notes on stderr (how long a process was suspended, which DAC was used).");
        Verbose = Flag("-verbose|--verbose", "Notes on stderr about the walk's own memory: the live mark's peak work list (printed even with -silent).");
        DacDirectories = App.Option("-dacdir|--dac-dir <DIR>", "Folder to search first for the DAC (libmscordaccore.so); repeatable.", CommandOptionType.MultipleValue);
        BinaryDirectories = App.Option("-bindir|--bin-dir <DIR>", "Folder with the target's binaries (app folder, runtime folder) for a dump that lacks the memory mapped from files (gcore, kernel cores, .NET Core 3.1 createdump); repeatable.", CommandOptionType.MultipleValue);
        AllowDamage = Flag("-allowdamage|--allow-damage", "Exit 0 even when more than 1 % of the heap could not be walked (a damaged dump); the table and the Unreadable row are printed either way.");
        NoIndex = Flag("-noindex|--no-index", $"Neither read nor write the index of a dump's live graph, which otherwise keeps the mark, the dominator tree and the retained sizes for the next {MemAnalyzer.Index.IndexedViews.List} of the same dump (in $XDG_CACHE_HOME/memanalyzer; also MEMANALYZER_NOINDEX=1).");
        MaxMemory = Single("-maxmemory|--max-memory <MB>", "The most memory the live graph of a view on it (-retained, -roots, -suspects, -sql, ...) may take, in MB (or with a KB, MB or GB suffix): a graph that needs more is refused with exit 9 once the mark has counted the live objects, before it is built. Default: what the machine has free then.");
        IgnoreDacMismatch = Flag("-ignoredacmismatch|--ignore-dac-mismatch", "Use a DAC even if its runtime build-id differs from the dump's.");
        ForceGc = Optional("-gc|--gc[:<TARGET>]", "Force a full GC and wait for its end: in the pid TARGET, or every .NET process whose command line contains TARGET; alone, in the -pid target.");
        ProcessFilter = Single("-process|--process <NAME>", "With -gc: only processes with this name.");
        GcWaitForFinalizers = Flag("-gcfinalizers|--gc-wait-finalizers", "With -gc: after the GC, wait for the finalizers to run, then collect again.");
        TrendFile = Single("-trend|--trend <FILE.csv>", "Report which types and memory rows grow across the iterations of a CSV written with -o.");
        ContextFilter = Single("-contextfilter|--context-filter <REGEX>", "With -trend: only iterations whose label (Context, or Time) matches the regular expression.");
        TrendBy = Single("-trendby|--trend-by <KEY>", "With -trend: tell iterations apart by Context (default) or Time.");
        HtmlFile = Single("-html|--html <FILE.html>", "Also write the analysis as one self-contained HTML page (a dump, a live process or a diff; with -suspects the dominator treemap and the suspects; with -inspections, -handles, -finalizable, -fragmentation, -modules or -dstrings their table; with -trend the charts). Replaced whole if it exists.");
        FailOnGrowth = Single("-failongrowth|--fail-on-growth <BYTES>", "With -trend: exit 60 when the headline or any type grows faster than BYTES per iteration (KB/MB/GB suffix allowed).");
        BatchItem = App.Option(BatchItemSwitch + " <DUMP>", "", CommandOptionType.SingleValue);
        BatchItem.ShowInHelpText = false;
        BatchCsv = App.Option(BatchCsvSwitch + " <FILE>", "", CommandOptionType.SingleValue);
        BatchCsv.ShowInHelpText = false;
        // A plain option rather than HelpOption: with a help option the library prints its own hint to stdout on every parse error.
        Help = Flag("-?|-h|--help", "Show help and examples.");
        Version = Flag("-version|--version", "Print the version and the commit it was built from.");
    }

    /// <summary>-procdump is no option of the library: everything after it belongs to the dump writer, so it is split off before parsing.</summary>
    public const string ProcDumpTemplate = "-procdump|--procdump <ARGS>";

    public const string ProcDumpDescription = "Write a dump with its side-cars instead of analyzing. Everything after it belongs to the dump writer: ProcDump for Linux arguments, or the original's -ma|-mp <pid|name> [file|dir].";

    public static bool IsProcDumpSwitch(string token) =>
        token.Equals("-procdump", StringComparison.OrdinalIgnoreCase) || token.Equals("--procdump", StringComparison.OrdinalIgnoreCase);

    /// <summary>Given by a batch to each of its children: the one dump this child analyzes, instead of the -f list.</summary>
    public const string BatchItemSwitch = "--batch-item";

    /// <summary>Given by a batch with -overwrite to its children: the staging CSV they append to, renamed over -o at the end.</summary>
    public const string BatchCsvSwitch = "--batch-csv";

    public CommandLineApplication App { get; }

    /// <summary>The arguments as the user gave them: the command an -html page shows.</summary>
    public IReadOnlyList<string> Arguments { get; init; } = [];

    public CommandOption DumpFile { get; }
    public CommandOption ProcessId { get; }
    public CommandOption SecondDumpFile { get; }
    public CommandOption SecondProcessId { get; }
    public CommandOption Attach { get; }
    public CommandOption ProcessList { get; }
    public CommandOption Unit { get; }
    public CommandOption OutputFile { get; }
    public CommandOption Format { get; }
    public CommandOption BatchItem { get; }
    public CommandOption BatchCsv { get; }
    public CommandOption Overwrite { get; }
    public CommandOption Separator { get; }
    public CommandOption NoExcelSeparator { get; }
    public CommandOption Context { get; }
    public CommandOption TimeText { get; }
    public CommandOption TimeFormat { get; }
    public CommandOption Silent { get; }
    public CommandOption Verbose { get; }
    public CommandOption DacDirectories { get; }
    public CommandOption BinaryDirectories { get; }
    public CommandOption IgnoreDacMismatch { get; }
    public CommandOption AllowDamage { get; }
    public CommandOption NoIndex { get; }
    public CommandOption MaxMemory { get; }
    public CommandOption ForceGc { get; }
    public CommandOption ProcessFilter { get; }
    public CommandOption GcWaitForFinalizers { get; }
    public CommandOption TrendFile { get; }
    public CommandOption ContextFilter { get; }
    public CommandOption TrendBy { get; }
    public CommandOption HtmlFile { get; }
    public CommandOption FailOnGrowth { get; }
    public CommandOption Help { get; }
    public CommandOption Version { get; }

    /// <summary>Whether the switch named by its short form (-handles, or --top for a switch with only a long one) was given.</summary>
    public bool Has(string name) => Option(name).HasValue();

    /// <summary>The value of the switch named by its short form, or null.</summary>
    public string? Value(string name) => Option(name).Value();

    /// <summary>The switch named by its short form, as a view declared it, or by its long form ("--live").</summary>
    public CommandOption Option(string name) =>
        App.Options.FirstOrDefault(o => o.ShortName is { Length: > 0 } shortName && "-" + shortName == name || "--" + o.LongName == name)
        ?? throw new InvalidOperationException($"no switch is named {name}");

    /// <summary>Parses <paramref name="args"/> (already normalized); an unknown switch or a missing value throws CommandParsingException.</summary>
    public CommandLine Parse(string[] args)
    {
        App.Parse(args);
        if (App.RemainingArguments.Count > 0)
        {
            throw SwitchValues.Invalid(UnknownArgument.Message(App.RemainingArguments[0], Switches()));
        }
        return this;
    }

    /// <summary>Every switch name the help lists, in its order, both forms: -f, --file, -pid, --pid, …, -procdump, --procdump.</summary>
    public IReadOnlyList<string> Switches() =>
        [.. App.Options.Where(o => o.ShowInHelpText).SelectMany(Forms), .. ProcDumpTemplate.Split(' ')[0].Split('|')];

    /// <summary>
    /// The switches whose value is optional (-dts, --by-size, -gc, …), both forms: the only ones ArgumentNormalizer
    /// joins with a following value, read from the declarations above so that the two lists cannot drift.
    /// </summary>
    public static IReadOnlyList<string> OptionalValueSwitches() =>
        [.. new CommandLine(NullConsole.Singleton).App.Options.Where(o => o.OptionType == CommandOptionType.SingleOrNoValue).SelectMany(Forms)];

    private static IEnumerable<string> Forms(CommandOption o) => new[] { "-" + o.SymbolName, "-" + o.ShortName, "--" + o.LongName }.Where(n => n.TrimStart('-').Length > 0);

    /// <summary>The views of the catalog declare their own switches, in the help's order.</summary>
    private void Declare(IEnumerable<View> views) => Declare(views.SelectMany(v => v.Switches));

    private void Declare(IEnumerable<ViewSwitch> switches)
    {
        foreach (var declared in switches)
        {
            App.Option(declared.Template, declared.Help, declared.Kind).ShowInHelpText = declared.Shown;
        }
    }

    private CommandOption Single(string template, string description) => App.Option(template, description, CommandOptionType.SingleValue);

    private CommandOption Optional(string template, string description) => App.Option(template, description, CommandOptionType.SingleOrNoValue);

    private CommandOption Flag(string template, string description) => App.Option(template, description, CommandOptionType.NoValue);
}
