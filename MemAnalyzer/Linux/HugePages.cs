using System.Globalization;
using System.Runtime.InteropServices;

namespace MemAnalyzer.Linux;

/// <summary>
/// Transparent huge pages (2 MB) for the managed heap, as the JVM's -XX:+UseTransparentHugePages asks for its own: the
/// graph views make arrays of hundreds of megabytes, touch each page once when they fill them and then read them at
/// random, so with 4 KB pages much of a run goes to page faults and TLB misses (docs/performance.md measures it).
/// Where the system's policy is <c>madvise</c> (the default of most distributions), the GC's reserved address range is
/// advised MADV_HUGEPAGE when a view is about to make those arrays (<see cref="Once"/>, WalkOptions.BeforeGraph), and
/// again every <see cref="Period"/>, since the GC decommits by mapping a range anew, which drops the advice. The views
/// that only walk the heap do not ask: they were slower with it (a 2 MB page is cleared where a few 4 KB pages were
/// used). <c>always</c> needs nothing and <c>never</c> is respected. Advice only: nothing fails when it is refused.
/// MEMANALYZER_HUGEPAGES=0 leaves the pages as they are.
/// </summary>
internal sealed partial class HugePages : IDisposable
{
    public const string Variable = "MEMANALYZER_HUGEPAGES";
    public static readonly TimeSpan Period = TimeSpan.FromMilliseconds(50);
    private const string PolicyFile = "/sys/kernel/mm/transparent_hugepage/enabled";
    private const int MadvHugePage = 14;

    private readonly Timer _timer;

    private HugePages((ulong Start, ulong End) range, TimeSpan period)
    {
        Range = range;
        Advise(range);
        _timer = new Timer(_ => Advise(range), null, period, period);
    }

    /// <summary>The address range kept advised.</summary>
    public (ulong Start, ulong End) Range { get; }

    /// <summary>
    /// Advises the managed heap's range and keeps it advised until disposed; null when <paramref name="setting"/> (the
    /// value of <see cref="Variable"/>) is 0, on other systems than Linux, when the policy is not <c>madvise</c>, or when the
    /// range cannot be found.
    /// </summary>
    public static HugePages? Start(string? setting)
    {
        if (setting == "0" || !OperatingSystem.IsLinux())
        {
            return null;
        }
        try
        {
            if (!File.Exists(PolicyFile) || !File.ReadAllText(PolicyFile).Contains("[madvise]", StringComparison.Ordinal))
            {
                return null;
            }
            // An array of the large-object heap lies in the GC's reserved range, as every region of every generation does.
            var probe = new byte[128 * 1024];
            var handle = GCHandle.Alloc(probe, GCHandleType.Pinned);
            ulong address;
            try
            {
                address = (ulong)handle.AddrOfPinnedObject();
            }
            finally
            {
                handle.Free();
            }
            return RangeAround(address, File.ReadLines("/proc/self/maps")) is { } range ? new HugePages(range, Period) : null;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or FormatException or DllNotFoundException or EntryPointNotFoundException)
        {
            return null;
        }
    }

    /// <summary>
    /// An action that starts the advice (<see cref="Start"/>) the first time it is called and does nothing after; the
    /// advice lasts as long as the action is held.
    /// </summary>
    public static Action Once(string? setting)
    {
        var gate = new object();
        var tried = false;
        HugePages? started = null;
        return () =>
        {
            lock (gate)
            {
                if (!tried)
                {
                    tried = true;
                    started = Start(setting);
                }
            }
            GC.KeepAlive(started);
        };
    }

    /// <summary>Keeps any anonymous range advised, every <paramref name="period"/>, until disposed.</summary>
    internal static HugePages Keep((ulong Start, ulong End) range, TimeSpan period) => new(range, period);

    /// <summary>
    /// The run of adjacent anonymous mappings (reserved or committed) of /proc/self/maps that holds
    /// <paramref name="address"/>, or null: a mapping of a file, or a gap, ends a run.
    /// </summary>
    internal static (ulong Start, ulong End)? RangeAround(ulong address, IEnumerable<string> maps)
    {
        (ulong Start, ulong End)? run = null;
        foreach (var line in maps)
        {
            var fields = line.Split(' ', 6, StringSplitOptions.RemoveEmptyEntries);
            var dash = fields.Length < 5 ? -1 : fields[0].IndexOf('-');
            if (dash < 0)
            {
                continue;
            }
            var start = ulong.Parse(fields[0].AsSpan(0, dash), NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture);
            var end = ulong.Parse(fields[0].AsSpan(dash + 1), NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture);
            var anonymous = fields.Length == 5 || string.IsNullOrWhiteSpace(fields[5]);
            if (run is { } open && open.End != start)
            {
                if (open.Start <= address && address < open.End)
                {
                    return open;
                }
                run = null;
            }
            if (anonymous)
            {
                run = run is { } adjacent ? (adjacent.Start, end) : (start, end);
            }
        }
        return run is { } last && last.Start <= address && address < last.End ? last : null;
    }

    // The kernel applies the advice to every mapping in the range and skips its gaps (ENOMEM): the result is not needed.
    private static void Advise((ulong Start, ulong End) range) =>
        _ = NativeMethods.Madvise((nint)range.Start, (nuint)(range.End - range.Start), MadvHugePage);

    public void Dispose() => _timer.Dispose();

    private static partial class NativeMethods
    {
        [LibraryImport("libc", EntryPoint = "madvise")]
        public static partial int Madvise(nint address, nuint length, int advice);
    }
}
