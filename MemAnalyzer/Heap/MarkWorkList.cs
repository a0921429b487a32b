namespace MemAnalyzer.Heap;

/// <summary>
/// How large the live mark's pending work grew: addresses waiting to be visited plus large arrays waiting for their
/// next slice, summed over the mark's threads (each thread's own peak, so an upper bound on what was pending at once).
/// </summary>
/// <param name="PeakEntries">Addresses and array slices pending.</param>
/// <param name="PeakBytes">The bytes of the work lists' arrays at their largest.</param>
public sealed record MarkWorkList(long PeakEntries, long PeakBytes)
{
    internal static MarkWorkList Of(AddressStack pending, ArraySlices slices) =>
        new(pending.PeakCount + slices.PeakCount, pending.Bytes + slices.Bytes);

    internal MarkWorkList Plus(MarkWorkList other) => new(PeakEntries + other.PeakEntries, PeakBytes + other.PeakBytes);
}
