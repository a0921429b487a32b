namespace MemAnalyzer.TestTargets;

/// <summary>
/// LeakyApp's "modules" mode (LeakyApp/ModulesScenario.cs): dynamic assemblies of one name, each with a module and a
/// type, kept alive in a static list, as a serializer or expression compiler without a cache leaves them.
/// </summary>
public static partial class ExpectedCounts
{
    public const string ModulesMode = "modules";

    /// <summary>The planted assemblies' name (and their modules': a dynamic module has no file).</summary>
    public const string ModulesPlantedName = "MemAnalyzerPlanted.Generated";

    /// <summary>Dynamic assemblies the mode plants before it prints the ready line.</summary>
    public const int ModulesPlanted = 37;

    /// <summary>The "moremodules" command plants this many more.</summary>
    public const int ModulesMore = 12;

    public const string ModulesMoreCommand = "moremodules";

    public const string ModulesMoreAck = "MODULES";
}
