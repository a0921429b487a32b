using MemAnalyzer.Commands;
using MemAnalyzer.Suspects;

namespace MemAnalyzer.Testing;

/// <summary>
/// Assertions that objects a test let go of are collected. Each forces full blocking, compacting collections (pending
/// finalizers run in between) and passes silently when nothing survived; when something did, the test process writes a
/// dump of itself (Linux), MemAnalyzer's engine reads it, and a <see cref="LeakAssertionException"/> names what holds
/// each survivor: its type, size, retained bytes and root path.
/// </summary>
public static class LeakAssert
{
    /// <summary>Root paths printed per type by <see cref="NoLiveInstances(string)"/>.</summary>
    private const int PathsPerType = 5;

    /// <summary>Passes when every reference's target has been collected.</summary>
    public static void Released(params WeakReference[] references)
    {
        ArgumentNullException.ThrowIfNull(references);
        Check("LeakAssert.Released", [.. references.Select((r, i) => new Tracked(r, references.Length == 1 ? "the object" : $"reference {i + 1}"))]);
    }

    /// <summary>Passes when no instance of <typeparamref name="T"/> is reachable from a root.</summary>
    public static void NoLiveInstances<T>() => NoLiveInstances(DumpTypeName.Of(typeof(T)));

    /// <summary>Passes when no instance of the type (its full name as a dump spells it: <c>Acme.Pair&lt;System.Int32, System.String&gt;</c>) is reachable from a root.</summary>
    /// <remarks>Counting instances needs a dump: one is written and read each time, and deleted when the assertion passes.</remarks>
    public static void NoLiveInstances(string typeName)
    {
        ArgumentException.ThrowIfNullOrEmpty(typeName);
        const string assertion = "LeakAssert.NoLiveInstances";
        RequireLinux(assertion, $"count the live instances of {typeName}");
        FullCollections.Until(() => false);
        var dump = DumpPlace.For();
        if (SelfDump.TryWrite(dump) is { } why)
        {
            throw new LeakAssertionException($"{assertion}: the live instances of {typeName} could not be counted: {why}.", null);
        }
        var found = Analyze(assertion, dump, () => LeakAnalysis.Type(dump, typeName, PathsPerType));
        if (found is null)
        {
            File.Delete(dump);
            return;
        }
        throw Fail(LeakMessage.ForType(assertion, found, dump), dump);
    }

    /// <summary>
    /// Passes when every leak suspect of the test process (what <c>MemAnalyzer -suspects</c> lists: what retains
    /// <paramref name="percent"/> % or more of the live heap) has a signature the baseline knows. The baseline is a list of
    /// signatures, one per line (<c>#</c> starts a comment), or the JSON of <c>MemAnalyzer -suspects -o</c>.
    /// </summary>
    /// <remarks>A dump is written and read each time, and deleted when the assertion passes. A missing baseline knows no signature.</remarks>
    public static void NoNewLeaks(string baselineFile, double percent = SuspectOptions.DefaultPercent)
    {
        ArgumentException.ThrowIfNullOrEmpty(baselineFile);
        const string assertion = "LeakAssert.NoNewLeaks";
        RequireLinux(assertion, "find the leak suspects");
        var missing = !File.Exists(baselineFile);
        LeakBaseline baseline;
        try
        {
            baseline = missing ? new LeakBaseline(baselineFile, new HashSet<string>()) : LeakBaseline.Read(baselineFile);
        }
        catch (MemAnalyzerException e)
        {
            throw new LeakAssertionException($"{assertion}: {e.Message}.", null);
        }
        FullCollections.Until(() => false);
        var dump = DumpPlace.For();
        if (SelfDump.TryWrite(dump) is { } why)
        {
            throw new LeakAssertionException($"{assertion}: the leak suspects could not be found: {why}.", null);
        }
        var report = Analyze(assertion, dump, () => LeakAnalysis.Suspects(dump, new SuspectOptions(Percent: percent)));
        var fresh = report.Suspects.Where(s => !baseline.Knows(s.Signature)).ToList();
        if (fresh.Count == 0)
        {
            File.Delete(dump);
            return;
        }
        throw Fail(LeakMessage.ForSuspects(assertion, baselineFile, missing, fresh, report.Suspects.Count - fresh.Count, dump), dump);
    }

    internal static void Check(string assertion, IReadOnlyList<Tracked> tracked)
    {
        FullCollections.Until(() => tracked.All(t => !t.Reference.IsAlive));
        if (tracked.All(t => !t.Reference.IsAlive))
        {
            return;
        }
        if (!OperatingSystem.IsLinux())
        {
            var alive = tracked.Where(t => t.Reference.IsAlive).Select(t => $"{t.Label} ({t.Reference.Target?.GetType()})");
            throw new LeakAssertionException($"{assertion}: still alive after full blocking collections: {string.Join(", ", alive)}. " +
                "Root paths need Linux: MemAnalyzer reads the process's dump there.", null);
        }
        var dump = LeakDump.Write(tracked);
        if (dump.Path is null)
        {
            var findings = dump.Survivors.Select(s => new LeakAnalysis.ObjectFinding(s, null, 0, 0, null, dump.WhyNoDump)).ToList();
            throw new LeakAssertionException(LeakMessage.ForObjects(assertion, tracked.Count, findings, null, dump.WhyNoDump), null);
        }
        var found = Analyze(assertion, dump.Path, () => LeakAnalysis.Objects(dump.Path, dump.Survivors));
        throw Fail(LeakMessage.ForObjects(assertion, tracked.Count, found, dump.Path, null), dump.Path);
    }

    private static T Analyze<T>(string assertion, string dump, Func<T> analysis)
    {
        try
        {
            return analysis();
        }
        catch (MemAnalyzerException e)
        {
            throw Fail($"{assertion}: the dump of the test process could not be read: {e.Message}.", dump);
        }
    }

    private static LeakAssertionException Fail(string message, string dump)
    {
        if (DumpPlace.Keep)
        {
            return new LeakAssertionException(message, dump);
        }
        File.Delete(dump);
        return new LeakAssertionException(message, null);
    }

    private static void RequireLinux(string assertion, string what)
    {
        if (!OperatingSystem.IsLinux())
        {
            throw new PlatformNotSupportedException($"{assertion} needs Linux to {what}: it reads a dump of the test process there.");
        }
    }
}
