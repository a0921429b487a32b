namespace MemAnalyzer.Heap;

/// <summary>The one place a <see cref="ScanReport"/> becomes warnings for the user.</summary>
internal static class ScanWarnings
{
    public static IEnumerable<string> Of(ScanReport report, ScanSubject subject)
    {
        if (report.FallbackSegments > 0 && report.RawWalk)
        {
            yield return $"{report.FallbackSegments:N0} of {report.Segments:N0} heap segments could not be scanned as raw memory and were walked object by object through ClrMD instead (same counts, slower); first: {report.FirstFallback}";
        }
        var (bytes, places) = (report.UnreadableBytes, report.UnreadablePlaces);
        if (places > 0)
        {
            yield return subject == ScanSubject.Types
                ? $"{bytes:N0} bytes ({Percent(bytes, report.SegmentBytes)} of the heap's segments) in {places:N0} damaged places could not be walked and are not counted (row {Analysis.RowLabels.ManagedUnreadable}): the dump may be damaged; take it again"
                : $"{bytes:N0} bytes in {places:N0} damaged {(places == 1 ? "place" : "places")} of the heap could not be walked: the strings there are not counted (the dump may be damaged; take it again)";
        }
        if (report.UnknownTypes > 0 && subject == ScanSubject.Types)
        {
            yield return $"{report.UnknownTypes:N0} objects had an unreadable type and were skipped: the dump may be damaged";
        }
    }

    private static string Percent(long part, long whole) =>
        whole == 0 ? "0 %" : (100.0 * part / whole).ToString("0.##", System.Globalization.CultureInfo.InvariantCulture) + " %";
}
