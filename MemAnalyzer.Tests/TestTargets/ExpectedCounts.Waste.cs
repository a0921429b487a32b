namespace MemAnalyzer.TestTargets;

/// <summary>
/// LeakyApp's "waste" mode (LeakyApp/WasteScenario.cs): the memory-wasting patterns of -inspections' newer findings,
/// each with numbers known by construction and of element types only this mode uses, next to near-misses that must not
/// be reported. Sizes are x64 .NET's: an array is 24 bytes (header, MethodTable, length) plus its elements.
/// </summary>
public static partial class ExpectedCounts
{
    public const string WasteMode = "waste";

    /// <summary>ulong[WasteZeroLength] never written; and one more with a single non-zero element (no finding).</summary>
    public const int WasteZeroArrays = 40;

    public const int WasteZeroLength = 512;

    public const string WasteZeroType = "System.UInt64[]";

    /// <summary>short[WasteConstantLength] filled with WasteConstantValue.</summary>
    public const int WasteConstantArrays = 20;

    public const int WasteConstantLength = 256;

    public const short WasteConstantValue = 7;

    public const string WasteConstantType = "System.Int16[]";

    /// <summary>float[WasteDuplicateLength] with one content (i × 1.5); and two more of that length, each its own content (no finding).</summary>
    public const int WasteDuplicateCopies = 30;

    public const int WasteDuplicateLength = 300;

    public const string WasteDuplicateType = "System.Single[]";

    /// <summary>List&lt;WasteItem&gt; of one element and of two, each created by adding to a new List (capacity 4); and lists of three (no finding).</summary>
    public const int WasteSmallOfOne = 150;

    public const int WasteSmallOfTwo = 50;

    public const int WasteSmallOfThree = 5;

    public const string WasteItemType = TargetNamespace + ".WasteItem";

    /// <summary>A Dictionary&lt;WasteKey, int&gt; whose keys all hash to one code, and a Dictionary&lt;WasteGoodKey, int&gt; of as many keys with distinct codes (no finding); and a ConcurrentDictionary of each.</summary>
    public const int WasteCollidingKeys = 600;

    public const string WasteKeyType = TargetNamespace + ".WasteKey";

    public const string WasteGoodKeyType = TargetNamespace + ".WasteGoodKey";

    /// <summary>An unbounded Channel&lt;WasteMessage&gt; nobody reads, written WasteChannelItems times; a Queue&lt;WasteJob&gt; of WasteQueueItems; a ConcurrentQueue&lt;WasteJob&gt; of one item fewer than the default threshold (no finding).</summary>
    public const int WasteChannelItems = 12_000;

    public const int WasteQueueItems = 1_500;

    public const int WasteQuietQueueItems = 999;

    public const string WasteMessageType = TargetNamespace + ".WasteMessage";

    public const string WasteJobType = TargetNamespace + ".WasteJob";

    /// <summary>WasteCell structs (one int: a 24-byte box) added to a List&lt;object&gt; (its object[] of 512); as many in a List&lt;WasteCell&gt; (no box).</summary>
    public const int WasteBoxes = 500;

    public const string WasteCellType = TargetNamespace + ".WasteCell";

    /// <summary>Lists of two WasteTag in one List&lt;List&lt;WasteTag&gt;&gt;: JOverflow's vertical bar, a list of tiny lists.</summary>
    public const int WasteBarLists = 20;

    public const string WasteTagType = TargetNamespace + ".WasteTag";

    /// <summary>WasteSetting objects, each with a boxed WasteMode enum (24 bytes) in its field typed object, Mode.</summary>
    public const int WasteFieldBoxes = 12;

    public const string WasteModeType = TargetNamespace + ".WasteMode";

    public const string WasteSettingType = TargetNamespace + ".WasteSetting";

    /// <summary>
    /// Subscriptions never disposed on the Rx Subject&lt;WasteMessage&gt; of a WasteFeed (its field _updates); a
    /// Subject&lt;WasteJob&gt; held by a static with one subscription fewer than the default -minhandlers (no finding).
    /// </summary>
    public const int WasteSubscriptions = 800;

    public const int WasteQuietSubscriptions = 99;

    /// <summary>
    /// The "morewaste" stdin command ("waste" mode, LeakyApp/WasteGrowth.cs) grows every planted waste by the numbers
    /// below, each a copy of what was planted: zero-filled, constant and duplicate arrays of the planted types, lengths
    /// and content; boxes in a new List&lt;object&gt; of exactly WasteMoreBoxes; lists of one and of two; one more
    /// colliding Dictionary and ConcurrentDictionary of WasteCollidingKeys keys each; one more unread unbounded Channel
    /// of WasteMoreChannelItems messages and one more WasteWorker whose Queue (created with that capacity) holds
    /// WasteMoreQueueItems jobs; WasteMoreSubscriptions more undisposed subscriptions on the WasteFeed's subject.
    /// </summary>
    public const string WasteMoreCommand = "morewaste";

    public const string WasteMoreAck = "WASTEMORE";

    public const int WasteMoreZeroArrays = 10;

    public const int WasteMoreConstantArrays = 5;

    public const int WasteMoreDuplicateCopies = 6;

    public const int WasteMoreBoxes = 100;

    public const int WasteMoreSmallOfOne = 30;

    public const int WasteMoreSmallOfTwo = 10;

    public const int WasteMoreChannelItems = 2_000;

    public const int WasteMoreQueueItems = 1_000;

    public const int WasteMoreSubscriptions = 200;
}
