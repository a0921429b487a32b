namespace MemAnalyzer.Dac;

/// <summary>The words the messages use for each <see cref="DacSource"/>.</summary>
public static class DacSourceText
{
    public static string Describe(this DacSource source) => source switch
    {
        DacSource.DacDirSwitch => "-dacdir",
        DacSource.Environment => "environment",
        DacSource.Collection => "dacs collection",
        DacSource.RecordedRuntimeDirectory => "runtime directory recorded in the dump",
        DacSource.InstalledRuntime => "installed runtime",
        DacSource.IgnoreMismatch => "-ignoredacmismatch",
        _ => throw new ArgumentOutOfRangeException(nameof(source)),
    };

    /// <summary>The runtime's own DAC (recorded folder or installed runtime): nothing worth a note.</summary>
    public static bool IsTheRuntimesOwn(this DacSource source) => source is DacSource.RecordedRuntimeDirectory or DacSource.InstalledRuntime;
}
