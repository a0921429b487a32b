using MemAnalyzer.Retention;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Verdicts;

/// <summary>
/// Gives every step of a root path a verdict: NOT LEAKING for what lives as long as the app (a static field's root, the
/// runtime's timer queue, the root ServiceProvider and the singletons it holds, see <see cref="StepRules"/> and
/// <see cref="SingletonPaths"/>), LEAKING
/// for an instance whose own state says it is finished (<see cref="FinishedRules"/>: a finished object makes every path
/// to it a leak trace), UNKNOWN otherwise; then marks the suspect sub-path. Reads the fields of one object per path
/// (the path's example instance), never of other objects.
/// </summary>
public static class PathJudge
{
    /// <param name="finished">Says what field of an object (by its number) says it is finished, else null; null: no heap to read (a .gcdump).</param>
    /// <remarks>A path through a ServiceProvider's singletons is condensed first (<see cref="SingletonPaths"/>).</remarks>
    public static RootPath Judge(RootPath path, Func<int, string?>? finished)
    {
        var condensed = SingletonPaths.Condense(path);
        return condensed with { Verdicts = Verdicts(condensed, path.Example < 0 || finished is null ? null : finished(path.Example)) };
    }

    public static IReadOnlyList<TypeRootPaths> Judge(IReadOnlyList<TypeRootPaths> types, Func<int, string?>? finished) =>
        [.. types.Select(t => t with { Paths = [.. t.Paths.Select(p => Judge(p, finished))] })];

    /// <summary>What <see cref="Judge(RootPath, Func{int, string?}?)"/> reads on an open heap: one object's finished state.</summary>
    public static Func<int, string?> FinishedOn(ClrHeap heap, ObjectGraph graph) => obj => FinishedSays(heap.GetObject(graph.Addresses[obj]));

    /// <summary>The verdicts of a path whose last step's instance is finished as <paramref name="finished"/> says (null: not finished).</summary>
    public static PathVerdicts Verdicts(RootPath path, string? finished) =>
        VerdictsEndingIn(path, finished is null ? null : FinishedReason(finished));

    /// <summary>"finished (_disposed = true) yet reachable": why a finished object is LEAKING.</summary>
    public static string FinishedReason(string finished) => $"finished ({finished}) yet reachable";

    /// <summary>
    /// The verdicts of a path whose last step is known to be LEAKING for <paramref name="leaking"/> (a finished object, or
    /// an object a test expected to be collected); null: the last step is judged by the rules like every other.
    /// </summary>
    public static PathVerdicts VerdictsEndingIn(RootPath path, string? leaking)
    {
        var root = StepRules.OfRoot(path.Root);
        var steps = new (string Verdict, string Reason)[path.Steps.Count];
        var inServiceProvider = false;
        for (var i = 0; i < steps.Length; i++)
        {
            steps[i] = StepRules.OfStep(path.Steps[i].TypeName, ref inServiceProvider);
        }
        if (path.Root.Kind == RootKind.Singleton && steps.Length > 0 && steps[0].Verdict == StepVerdict.Unknown)
        {
            steps[0] = (StepVerdict.NotLeaking, StepRules.SingletonReason);
        }
        if (leaking is not null && steps.Length > 0)
        {
            steps[^1] = (StepVerdict.Leaking, leaking);
        }
        // Position -1 is the root.
        var lastNotLeaking = -1;
        var firstLeaking = steps.Length;
        for (var i = 0; i < steps.Length; i++)
        {
            if (steps[i].Verdict == StepVerdict.Leaking)
            {
                firstLeaking = i;
                break;
            }
            if (steps[i].Verdict == StepVerdict.NotLeaking)
            {
                lastNotLeaking = i;
            }
        }
        bool Suspect(int position) => position >= lastNotLeaking && position < firstLeaking;
        return new PathVerdicts(new StepVerdict(root.Verdict, root.Reason, Suspect(-1)),
            [.. steps.Select((s, i) => new StepVerdict(s.Verdict, s.Reason, Suspect(i)))]);
    }

    /// <summary>"_disposed = true" when <paramref name="item"/> is finished, else null.</summary>
    public static string? FinishedSays(ClrObject item)
    {
        if (!item.IsValid || FinishedRules.For(item.Type) is not { } state)
        {
            return null;
        }
        var alternative = FinishedRules.FinishedBy(item, state);
        return alternative < 0 ? null : state.Says(state.PathTexts[alternative]);
    }
}
