namespace MemAnalyzer.Verdicts;

/// <summary>Which value of a state field says that its object is finished.</summary>
public enum FinishedTest
{
    /// <summary>A bool field that is true (_disposed).</summary>
    True,

    /// <summary>A bool field that is false (MemoryStream._isOpen).</summary>
    False,

    /// <summary>An int field whose lowest bit is set (SafeHandle._state: the handle is closed).</summary>
    LowBitSet,
}
