namespace MemAnalyzer;

/// <summary>
/// Process exit codes, one per failure class. Documented in README.md; scripts depend on them, so never renumber.
/// </summary>
public static class ExitCodes
{
    public const int Success = 0;

    /// <summary>Unknown switch, bad value, or a missing target. (1 is also what the command-line library uses.)</summary>
    public const int InvalidArguments = 1;

    public const int DumpNotFound = 2;

    /// <summary>The dump exists but cannot be read: a directory, or no read permission.</summary>
    public const int DumpUnreadable = 3;

    /// <summary>Empty, not ELF, an ELF that is not a core, or truncated.</summary>
    public const int DumpInvalid = 4;

    /// <summary>The dump or process holds no .NET runtime.</summary>
    public const int NotDotNet = 5;

    /// <summary>The managed heap could not be read (corrupt or inconsistent data).</summary>
    public const int HeapUnreadable = 6;

    /// <summary>A mini or triage dump: the GC heap's memory is not in the dump.</summary>
    public const int DumpHasNoHeap = 7;

    /// <summary>-live or -dead on a dump without the memory mapped from files (gcore): type names and stack roots are missing, so live and dead counts are not exact.</summary>
    public const int LivenessNotExact = 8;

    /// <summary>The live graph a view needs is larger than -maxmemory, or than the memory the machine has free; or the analysis ran out of memory.</summary>
    public const int OutOfMemory = 9;

    public const int ProcessNotFound = 10;

    /// <summary>The process exists but cannot be attached: permissions, or it is already traced.</summary>
    public const int AttachDenied = 11;

    /// <summary>The process exited while it was being read.</summary>
    public const int TargetExited = 12;

    /// <summary>
    /// A live process can be read neither with ptrace nor through a heap dump its runtime writes over the diagnostics
    /// socket (-attach auto when both fail; -attach dump when the socket is missing, refused or the dump failed).
    /// </summary>
    public const int NoAccessPath = 13;

    /// <summary>A name or command-line text given for a pid (-pid, -gc, -procdump) matches several processes.</summary>
    public const int AmbiguousProcess = 14;

    /// <summary>An output file (result file, CSV) cannot be written.</summary>
    public const int OutputFailed = 20;

    /// <summary>The CSV file exists with other columns (another unit or separator, or diff vs single target).</summary>
    public const int CsvHeaderMismatch = 21;

    /// <summary>The directory of the output file does not exist.</summary>
    public const int OutputDirectoryMissing = 22;

    /// <summary>The output file is read-only, or its directory cannot be written.</summary>
    public const int OutputNotWritable = 23;

    /// <summary>The output path is a directory.</summary>
    public const int OutputIsDirectory = 24;

    /// <summary>No DAC (libmscordaccore.so) matching the dump's runtime was found locally.</summary>
    public const int DacNotFound = 30;

    /// <summary>A DAC of another runtime build, forced with -ignoredacmismatch, cannot read the heap.</summary>
    public const int ForcedDacUnusable = 31;

    /// <summary>A dump written on another operating system (for example a Windows minidump).</summary>
    public const int UnsupportedDumpPlatform = 32;

    /// <summary>A bug in MemAnalyzer: an exception nobody anticipated.</summary>
    public const int InternalError = 70;

    /// <summary>Ctrl+C or SIGTERM.</summary>
    public const int Cancelled = 130;

    /// <summary>-failongrowth: the headline or a type grows faster than the limit (the CI gate).</summary>
    public const int GrowthAboveLimit = 60;

    /// <summary>The -trend CSV does not exist or cannot be opened.</summary>
    public const int TrendCsvNotFound = 61;

    /// <summary>The -trend CSV is not a single-target CSV written by MemAnalyzer -o.</summary>
    public const int TrendCsvInvalid = 62;

    /// <summary>-suspects -baseline: a suspect's signature is not in the baseline (a new leak); one line per new suspect says which.</summary>
    public const int NewLeakSuspect = 63;

    /// <summary>-baseline: the file is missing, unreadable, or neither the JSON of -suspects nor a list of signatures.</summary>
    public const int BaselineInvalid = 64;

    /// <summary>-vmmap: the memory map (smaps, a side-car, a VMMap CSV or the core's headers) cannot be read.</summary>
    public const int MemoryMapUnreadable = 40;

    /// <summary>-vmmap: /proc/&lt;pid&gt;/smaps may not be read by this user.</summary>
    public const int MemoryMapDenied = 41;

    /// <summary>-procdump: the dump writer (procdump, or the target runtime) failed or wrote nothing.</summary>
    public const int CaptureFailed = 50;

    /// <summary>-pid/-pid2 text, -procdump -w/-mp or -gc: no running process matches the name or command line.</summary>
    public const int NoMatchingProcess = 51;

    /// <summary>-gc: the forced collection did not finish in time.</summary>
    public const int GcTimedOut = 52;

    /// <summary>A batch (several -f, or a glob): some dumps failed, each with its error line; the others' rows were written.</summary>
    public const int BatchPartlyFailed = 80;

    /// <summary>A batch: every dump failed, each with its error line.</summary>
    public const int BatchFailed = 81;

    /// <summary>-sql: the engine refused or failed the query (a syntax error, an unknown table or column); the line carries its message.</summary>
    public const int SqlQueryFailed = 90;

    /// <summary>-export: the folder already holds this dump's tables; -overwrite replaces them.</summary>
    public const int ExportExists = 91;
}
