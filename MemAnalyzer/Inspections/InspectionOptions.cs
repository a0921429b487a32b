namespace MemAnalyzer.Inspections;

/// <summary>The thresholds of -inspections.</summary>
/// <param name="MinHandlers">An event (a delegate) is listed from this many handlers.</param>
/// <param name="SparsePercent">A collection is sparse when it holds something but at most this share of its capacity.</param>
/// <param name="MinGroup">A group of empty or sparse collections, or of empty arrays, of one type is listed from this many instances.</param>
public sealed record InspectionOptions(int MinHandlers = InspectionOptions.DefaultMinHandlers, int SparsePercent = InspectionOptions.DefaultSparsePercent,
    int MinGroup = InspectionOptions.DefaultMinGroup)
{
    public const int DefaultMinHandlers = 100;
    public const int DefaultSparsePercent = 25;
    public const int DefaultMinGroup = 10;
}
