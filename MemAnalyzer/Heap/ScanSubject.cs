namespace MemAnalyzer.Heap;

/// <summary>What a table counts, so that a warning about uncounted objects can say what is missing.</summary>
internal enum ScanSubject
{
    /// <summary>The type table (histogram): damaged places show as a row.</summary>
    Types,

    /// <summary>-dstrings.</summary>
    Strings,
}
