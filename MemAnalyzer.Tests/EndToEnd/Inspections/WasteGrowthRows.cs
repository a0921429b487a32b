using static MemAnalyzer.TestTargets.ExpectedCounts;

namespace MemAnalyzer.Tests.EndToEnd.Inspections;

/// <summary>
/// What each planted waste finding is on the "waste" dump as planted and what one "morewaste" adds, by construction
/// (x64 sizes: an array is 24 bytes plus its elements) or, for the framework's collections whose layout only the
/// runtime knows, by <see cref="WasteOracle"/> on the dumps.
/// </summary>
public static class WasteGrowthRows
{
    public const string SmallListType = $"System.Collections.Generic.List<{WasteItemType}>";
    public const string DictionaryType = $"System.Collections.Generic.Dictionary<{WasteKeyType}, System.Int32>";
    public const string ConcurrentDictionaryType = $"System.Collections.Concurrent.ConcurrentDictionary<{WasteKeyType}, System.Int32>";
    public const string ChannelQueueType = $"System.Collections.Concurrent.ConcurrentQueue<{WasteMessageType}>";
    public const string JobQueueType = $"System.Collections.Generic.Queue<{WasteJobType}>";
    public const string SubjectType = $"System.Reactive.Subjects.Subject<{WasteMessageType}>";
    public const string FeedField = "WasteFeed._updates";

    /// <summary>A List&lt;WasteItem&gt; of one or two is its object (32 bytes) and a WasteItem[4] (24 + 32), less 8 bytes per element.</summary>
    private const long ListOfOneOverhead = 32 + 56 - 8, ListOfTwoOverhead = 32 + 56 - 16;

    /// <summary>
    /// (inspection, type) → (count, bytes) as planted and (count, bytes) each "morewaste" adds, from the oracles of the
    /// first dumps: <paramref name="first"/> as planted, <paramref name="second"/> after one "morewaste".
    /// </summary>
    public static Dictionary<(string Inspection, string Type), (long Count, long Bytes, long MoreCount, long MoreBytes)> Expected(WasteOracle first, WasteOracle second)
    {
        var (zero, constant, duplicate) = (24 + (8L * WasteZeroLength), 24 + (2L * WasteConstantLength), 24 + (4L * WasteDuplicateLength));
        var dictionary = first.Dictionary(DictionaryType).Bytes;
        var concurrent = first.ConcurrentDictionary(ConcurrentDictionaryType).Bytes;
        var (channel, channel2) = (first.QueueBytes(ChannelQueueType, 1000), second.QueueBytes(ChannelQueueType, 1000));
        var (jobs, jobs2) = (first.QueueBytes(JobQueueType, 1000), second.QueueBytes(JobQueueType, 1000));
        var (subject, subject2) = (first.SubjectObservers(SubjectType).Bytes, second.SubjectObservers(SubjectType).Bytes);
        return new()
        {
            [("zero-filled arrays", WasteZeroType)] = (WasteZeroArrays, WasteZeroArrays * zero, WasteMoreZeroArrays, WasteMoreZeroArrays * zero),
            [("constant arrays", WasteConstantType)] = (WasteConstantArrays, WasteConstantArrays * constant, WasteMoreConstantArrays, WasteMoreConstantArrays * constant),
            [("duplicate arrays", WasteDuplicateType)] = (WasteDuplicateCopies - 1, (WasteDuplicateCopies - 1) * duplicate, WasteMoreDuplicateCopies, WasteMoreDuplicateCopies * duplicate),
            [("boxed values", WasteCellType)] = (WasteBoxes, WasteBoxes * 24L, WasteMoreBoxes, WasteMoreBoxes * 24L),
            [("small collections", SmallListType)] = (WasteSmallOfOne + WasteSmallOfTwo, (WasteSmallOfOne * ListOfOneOverhead) + (WasteSmallOfTwo * ListOfTwoOverhead),
                WasteMoreSmallOfOne + WasteMoreSmallOfTwo, (WasteMoreSmallOfOne * ListOfOneOverhead) + (WasteMoreSmallOfTwo * ListOfTwoOverhead)),
            // A list of one uses one slot of four (25 %): sparse too, its three unused slots.
            [("sparse collections", SmallListType)] = (WasteSmallOfOne, WasteSmallOfOne * 24L, WasteMoreSmallOfOne, WasteMoreSmallOfOne * 24L),
            [("hash collisions", DictionaryType)] = (1, dictionary, 1, dictionary),
            [("hash collisions", ConcurrentDictionaryType)] = (1, concurrent, 1, concurrent),
            [("backlogs", ChannelQueueType)] = (1, channel, 1, channel2 - channel),
            [("backlogs", JobQueueType)] = (1, jobs, 1, jobs2 - jobs),
            [("subject observers", FeedField)] = (WasteSubscriptions, subject, WasteMoreSubscriptions, subject2 - subject),
        };
    }

    /// <summary>Whether a row is of a planted type (the runtime's own findings, such as its duplicate strings, are left out).</summary>
    public static bool Planted(string type) =>
        type.Contains("Waste", StringComparison.Ordinal) || type is WasteZeroType or WasteConstantType or WasteDuplicateType;
}
