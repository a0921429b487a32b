namespace MemAnalyzer.Dac;

/// <summary>Where a DAC candidate was found: the search order of <see cref="DacLocator"/>.</summary>
public enum DacSource
{
    /// <summary>A -dacdir folder.</summary>
    DacDirSwitch,

    /// <summary>A folder named by the environment (the local folders of _NT_SYMBOL_PATH).</summary>
    Environment,

    /// <summary>A DAC collection: the user's, one beside the tool, the repository's dacs/.</summary>
    Collection,

    /// <summary>The runtime folder the dump records, on this machine.</summary>
    RecordedRuntimeDirectory,

    /// <summary>A runtime installed on this machine.</summary>
    InstalledRuntime,

    /// <summary>The first rejected candidate, taken because of -ignoredacmismatch.</summary>
    IgnoreMismatch,
}
