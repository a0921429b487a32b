using MemAnalyzer.Analysis;

namespace MemAnalyzer.Commands;

/// <summary>
/// After the table is printed: a heap of which more than 1 % could not be walked fails the run (exit 6), and -live or
/// -dead on a dump that lacks the memory mapped from files (types without names, stack roots missing) fails it with
/// exit 8; either unless -allowdamage.
/// </summary>
public static class DamageGate
{
    public const double LimitPercent = 1.0;

    /// <param name="side">For a diff: which target, as the error line names it; null for a single target.</param>
    public static void ThrowIfTooMuch(HeapSnapshot snapshot, RunContext context, string? side = null)
    {
        // A dump taken during a GC has its own warning; what the GC was moving is not damage.
        if (context.AllowDamage)
        {
            return;
        }
        if (snapshot.UnnamedTypes > 0 && snapshot.Selection != ObjectSelection.All)
        {
            throw new MemAnalyzerException(ExitCodes.LivenessNotExact,
                $"{side}{snapshot.UnnamedTypes:N0} types have no name and roots on thread stacks may be missing (the dump lacks the memory mapped from files, as gcore dumps do): the live and dead counts above are not exact; pass -bindir with the app's and the runtime's folders, take the dump with MemAnalyzer -procdump, createdump, or dotnet-dump collect, or pass -allowdamage to accept them");
        }
        if (snapshot.WalkedMidGc || snapshot.SegmentBytes == 0)
        {
            return;
        }
        var percent = 100.0 * snapshot.UnreadableBytes / snapshot.SegmentBytes;
        if (percent <= LimitPercent)
        {
            return;
        }
        var share = percent.ToString("0.##", System.Globalization.CultureInfo.InvariantCulture);
        throw new MemAnalyzerException(ExitCodes.HeapUnreadable,
            $"{side}{share} % of the managed heap ({snapshot.UnreadableBytes:N0} bytes in {snapshot.UnreadablePlaces:N0} damaged places) could not be walked, more than {LimitPercent} %: the counts above are incomplete; take the dump again, or pass -allowdamage to accept them");
    }
}
