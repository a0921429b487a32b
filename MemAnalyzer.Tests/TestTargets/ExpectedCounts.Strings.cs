namespace MemAnalyzer.TestTargets;

/// <summary>The duplicate strings that LeakyApp's "strings" mode plants.</summary>
public static partial class ExpectedCounts
{
    /// <summary>Distinct duplicated values, each with <see cref="CopiesPerValue"/> separate instances.</summary>
    public const int DuplicateValues = 10;

    public const int CopiesPerValue = 500;

    /// <summary>Values 0..3 are held by Customer.City, the others by one string[].</summary>
    public const int CityValues = 4;

    public const string CityOwner = TargetNamespace + ".Customer.City";
    public const string ArrayOwner = "System.String[]";

    /// <summary>Copies the "morestrings" command adds to value 0.</summary>
    public const int MoreCopies = 100;

    /// <summary>Unreachable copies of <see cref="GarbageValue"/>, made after the last collection.</summary>
    public const int GarbageCopies = 200;
    public const string GarbageValue = "garbage duplicate value";

    /// <summary>
    /// Values that are hard to print: a lone surrogate, control characters, and a huge string. The constants themselves are
    /// one more instance each (a literal on the frozen heap, which no root reaches).
    /// </summary>
    public const string LoneSurrogateValue = "lone \uD800 surrogate";
    public const int LoneSurrogateCopies = 3;
    public const string ControlValue = "tab\there\r\nnext line";
    public const int ControlCopies = 4;
    public const int HugeLength = 100_000;
    public const int HugeCopies = 2;

    public static string DuplicateValue(int index) => $"duplicate {index:D2} " + new string((char)('a' + index), 10 * (index + 1));

    /// <summary>
    /// A string's size as ClrMD and SOS report it on x64: 8 header + 8 MethodTable + 4 length + 2 per char + 2 terminator
    /// (the GC pads it to 8 bytes in memory, but the reported size is not padded).
    /// </summary>
    public static long StringSize(int length) => 22 + 2L * length;
}
