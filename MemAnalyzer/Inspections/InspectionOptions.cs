namespace MemAnalyzer.Inspections;

/// <summary>The thresholds of -inspections.</summary>
/// <param name="MinHandlers">An event (a delegate) is listed from this many handlers.</param>
/// <param name="SparsePercent">A collection is sparse when it holds something but at most this share of its capacity.</param>
/// <param name="MinGroup">A group of empty, sparse or small collections, of empty, zero-filled, constant or duplicate arrays, of one type is listed from this many instances.</param>
/// <param name="MinLength">A primitive array's content is read (zero-filled, constant, duplicate) from this many elements.</param>
/// <param name="SmallMax">A collection holding 1 to this many elements is small.</param>
/// <param name="MinChain">A Dictionary or HashSet is listed when its longest bucket chain has this many entries (and four times the average).</param>
/// <param name="MinQueue">A queue is a backlog from this many items.</param>
public sealed record InspectionOptions(int MinHandlers = InspectionOptions.DefaultMinHandlers, int SparsePercent = InspectionOptions.DefaultSparsePercent,
    int MinGroup = InspectionOptions.DefaultMinGroup, int MinLength = InspectionOptions.DefaultMinLength, int SmallMax = InspectionOptions.DefaultSmallMax,
    int MinChain = InspectionOptions.DefaultMinChain, int MinQueue = InspectionOptions.DefaultMinQueue)
{
    public const int DefaultMinLength = 16;
    public const int DefaultSmallMax = 2;
    public const int DefaultMinChain = 8;
    public const int DefaultMinQueue = 1000;
    public const int DefaultMinHandlers = 100;
    public const int DefaultSparsePercent = 25;
    public const int DefaultMinGroup = 10;
}
