namespace MemAnalyzer.Verdicts;

/// <summary>
/// The finished-objects table: which field of a type says that an instance is done with (disposed, closed). An
/// instance that says so and is still reachable is the strongest leak evidence a heap gives. Adding a type is one
/// line of <see cref="Table"/>; a type not in it that implements IDisposable or IAsyncDisposable is finished when
/// one of its bool fields named as in <see cref="DisposedFields"/> is true. The README lists both.
/// </summary>
public static class FinishedStates
{
    public static IReadOnlyList<FinishedState> Table { get; } =
    [
        new("System.Runtime.InteropServices.SafeHandle", "_state", FinishedTest.LowBitSet),
        new("System.Threading.CancellationTokenSource", "_disposed", FinishedTest.True),
        new("Microsoft.Extensions.DependencyInjection.ServiceLookup.ServiceProviderEngineScope", "_disposed", FinishedTest.True),
        new("System.IO.MemoryStream", "_isOpen", FinishedTest.False),
        new("System.IO.UnmanagedMemoryStream", "_isOpen", FinishedTest.False),
        new("System.IO.FileStream", "_strategy._strategy._fileHandle._state|_strategy._fileHandle._state", FinishedTest.LowBitSet),
        new("System.Threading.Timer", "_timer._timer._canceled", FinishedTest.True),
        new("System.Net.Http.HttpMessageInvoker", "_disposed", FinishedTest.True),
    ];

    /// <summary>The bool fields that say an IDisposable/IAsyncDisposable type of no table line is disposed, when true.</summary>
    public static IReadOnlyList<string> DisposedFields { get; } =
    [
        "_disposed", "disposed", "_isDisposed", "isDisposed", "m_disposed", "m_isDisposed", "_disposedValue", "disposedValue",
        "<IsDisposed>k__BackingField", "<Disposed>k__BackingField",
    ];

    public static IReadOnlyList<string> DisposableInterfaces { get; } = ["System.IDisposable", "System.IAsyncDisposable"];
}
