namespace MemAnalyzer.Views;

/// <summary>
/// Every view, in one static, ordered list (no reflection: the native executable keeps it): the first selected view
/// builds the request. Another view is one line here and one file of its own.
/// </summary>
public static class ViewCatalog
{
    public static ObjectsView Objects { get; } = new();

    public static FragmentationView Fragmentation { get; } = new();

    public static HandlesView Handles { get; } = new();

    public static ModulesView Modules { get; } = new();

    public static FinalizableView Finalizable { get; } = new();

    public static InspectionsView Inspections { get; } = new();

    public static DuplicateStringsView DuplicateStrings { get; } = new();

    public static DominatorsView Dominators { get; } = new();

    public static SuspectsView Suspects { get; } = new();

    public static SqlView Sql { get; } = new();

    public static RootsView Roots { get; } = new();

    /// <summary>The type table and its diff: the view when no other is asked for.</summary>
    public static TypeTableView TypeTable { get; } = new();

    /// <summary>The views in their precedence: when switches of two are given, the first one's checks speak; the type table last (-live, -type, … shape other views too).</summary>
    public static IReadOnlyList<View> All { get; } = [Objects, Fragmentation, Modules, Handles, Finalizable, Inspections, DuplicateStrings, Dominators, Suspects, Sql, Roots, TypeTable];

    /// <summary>The order in which the help lists their switches, after -suspects.</summary>
    public static IReadOnlyList<View> InHelpOrder { get; } = [Dominators, Handles, Finalizable, Fragmentation, Modules, Inspections, Sql];

    /// <summary>The views the help lists among the type table's switches, after -unit: -dstrings ranks values as the table ranks types.</summary>
    public static IReadOnlyList<View> BesideTheTypeTable { get; } = [DuplicateStrings];

    /// <summary>
    /// The switches that select a view or shape the type table, in the order a refusal names them: a view refuses each
    /// one it does not accept (<see cref="View.RefuseOtherViews"/>).
    /// </summary>
    public static IReadOnlyList<string> ViewSwitches { get; } =
    [
        "-fragmentation", "-modules", "-handles", "-finalizable", "-inspections", "-dstrings", "-roots", "-retained", "-dtr", "-dtn", "-dts", "--top", "-live", "-dead",
        "-gen", "-vmmap", "-resultfile", "-showaddress", "-showunchanged", "-type", "-suspects", "-dominators", "-suspectpct", "-baseline", "-sql", "-export",
    ];

    /// <summary>The view the command line asks for: the type table when no switch of another is given.</summary>
    public static View Selected(Func<string, bool> has) => All.FirstOrDefault(v => v.Switches.Any(s => has(s.Name))) ?? TypeTable;

    /// <summary>The views whose numbers Cli checks first, in the order their errors come: the type table's --top, -roots' N, then the others'.</summary>
    public static IReadOnlyList<View> NumberOrder { get; } = [TypeTable, Roots, .. All.Except([TypeTable, Roots])];
}
