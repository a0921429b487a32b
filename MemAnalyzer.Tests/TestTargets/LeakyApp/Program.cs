using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using MemAnalyzer.TestTargets;
using MemAnalyzer.TestTargets.LeakyApp;

// Usage: LeakyApp [roots|walkthrough|manytypes|strings|loadcontexts|retention|cache|leaks|handles|inspect|gcstorm|generations|fragmentation|modules] [--count N] [--threads N] [--entries N] (manytypes: see ManyTypesScenario; cache: see CacheScenario)
// --threads N starts N idle threads: attaching to every thread of the process then takes a while.
// Prints ExpectedCounts.ReadyLine when every planted object is in place, then obeys stdin commands:
// "threads" starts ExpectedCounts.ChurnThreads threads and waits until they have ended,
// "service" is one step of a service that leaks native memory while its threads come and go (ServiceScenario),
// "morepins" adds ExpectedCounts.HandlesMorePinned pinned handles, "morefinalizable" queues ExpectedCounts.FinalizableMoreReady more finalizable objects ("handles" mode),
// "moremodules" emits ExpectedCounts.ModulesMore more dynamic assemblies ("modules" mode), "moreinspect" grows, adds and ends findings of -inspections ("inspect" mode), "morewaste" grows every waste of the "waste" mode,
// "leak" adds ExpectedCounts.LeakedPerIteration LeakedItem objects, "moreleaks" grows the "leaks" mode's leaks, "extraleak" adds one more (a static List<AuditRecord>), "gc" collects, "fullgc" collects, waits for the finalizers
// and collects again (not in "roots" or "handles" mode, whose finalizer thread is blocked), "gccount" prints GC.CollectionCount(2), "exit" quits.
var mode = args.Length > 0 ? args[0] : "roots";
var count = ExpectedCounts.DataInstances;
var idleThreads = 0;
for (var i = 1; i < args.Length - 1; i++)
{
    if (args[i] == "--count")
    {
        count = int.Parse(args[i + 1], System.Globalization.CultureInfo.InvariantCulture);
    }
    if (args[i] == "--threads")
    {
        idleThreads = int.Parse(args[i + 1], System.Globalization.CultureInfo.InvariantCulture);
    }
}
for (var i = 0; i < idleThreads; i++)
{
    new Thread(() => Scenario.NeverSet.Wait(), 256 * 1024) { IsBackground = true, Name = "Idle" }.Start();
}

Scenario.BuildWalkthrough(count);
if (mode == "walkthrough") { Scenario.PlantOneSidedTypes(); GenericNamesScenario.Plant(); }
if (mode == "manytypes") { ManyTypesScenario.Build(args); }
if (mode == "roots")
{
    RootsScenario.Plant();
}
if (mode == "strings")
{
    StringsScenario.Plant();
}
if (mode == "loadcontexts")
{
    LoadContextsScenario.Plant();
}
if (mode == "cache")
{
    MemAnalyzer.TestTargets.LeakyApp.Cache.CacheScenario.Plant(args);
}
if (mode == "leaks")
{
    MemAnalyzer.TestTargets.LeakyApp.Leaks.LeaksScenario.Plant();
}
if (mode == "handles")
{
    HandlesScenario.Plant();
}
if (mode == "inspect")
{
    InspectScenario.Plant();
}
if (mode == ExpectedCounts.WrappersMode) { WrappersScenario.Plant(); }
if (mode == ExpectedCounts.WasteMode) { WasteScenario.Plant(); }
if (mode == ExpectedCounts.FinishedMode) { MemAnalyzer.TestTargets.LeakyApp.Finished.FinishedScenario.Plant(); }
if (mode == "retention")
{
    MemAnalyzer.TestTargets.LeakyApp.Retention.RetentionScenario.Plant();
}

// Everything above is rooted; collect so that only what follows is garbage.
// (No WaitForPendingFinalizers: in "roots" mode the finalizer thread is blocked on purpose.)
GC.Collect();
if (mode == "roots")
{
    RootsScenario.FillFinalizerQueue();
    RootsScenario.PlantDeadObjects();
}
if (mode == "handles")
{
    HandlesScenario.PlantFinalizable();
}
if (mode == "strings")
{
    StringsScenario.PlantGarbage();
}
if (mode == "manytypes") { ManyTypesScenario.PlantGarbage(args); }
if (mode == ExpectedCounts.GenerationsMode)
{
    // After the GC above: the mode's own GCs put each planted object in its generation.
    GenerationsScenario.Plant();
}
if (mode == ExpectedCounts.FragmentationMode) { FragmentationScenario.Plant(); }
if (mode == ExpectedCounts.ModulesMode) { ModulesScenario.Plant(); }

Console.WriteLine($"{ExpectedCounts.ReadyLine} {Environment.ProcessId}");
Console.Out.Flush();
if (mode == "gcstorm")
{
    // Only after READY: a process that does nothing but collect starves everything else on a loaded machine.
    GcStormScenario.Start();
}

string? line;
while ((line = Console.ReadLine()) is not null)
{
    switch (line.Trim())
    {
        case "exit":
            // The runtime's orderly shutdown waits for the finalizer thread, which "roots" mode blocks on purpose.
            Scenario.ExitNow(0);
            break;
        case "leak":
            Scenario.Leak();
            Console.WriteLine($"LEAKED {Scenario.LeakedCount}");
            break;
        case ExpectedCounts.LeaksGrowCommand:
            MemAnalyzer.TestTargets.LeakyApp.Leaks.LeaksScenario.GrowMore();
            Console.WriteLine(ExpectedCounts.LeaksGrownAck);
            break;
        case ExpectedCounts.LeaksExtraCommand:
            MemAnalyzer.TestTargets.LeakyApp.Leaks.LeaksScenario.LeakAudit();
            Console.WriteLine(ExpectedCounts.LeaksExtraAck);
            break;
        case ExpectedCounts.HandlesMorePinnedCommand:
            HandlesScenario.PinMore();
            Console.WriteLine(ExpectedCounts.HandlesMorePinnedAck);
            break;
        case ExpectedCounts.ModulesMoreCommand:
            ModulesScenario.More();
            Console.WriteLine(ExpectedCounts.ModulesMoreAck);
            break;
        case ExpectedCounts.FragmentationMoreCommand:
            FragmentationScenario.More();
            Console.WriteLine(ExpectedCounts.FragmentationMoreAck);
            break;
        case ExpectedCounts.FinalizableMoreCommand:
            HandlesScenario.MoreFinalizable();
            Console.WriteLine(ExpectedCounts.FinalizableMoreAck);
            break;
        case ExpectedCounts.WrappersGrowCommand:
            WrappersScenario.More();
            Console.WriteLine(ExpectedCounts.WrappersGrownAck);
            break;
        case ExpectedCounts.FinishedMoreCommand:
            MemAnalyzer.TestTargets.LeakyApp.Finished.FinishedScenario.More();
            Console.WriteLine(ExpectedCounts.FinishedMoreAck);
            break;
        case ExpectedCounts.WasteMoreCommand:
            WasteGrowth.More();
            Console.WriteLine(ExpectedCounts.WasteMoreAck);
            break;
        case ExpectedCounts.InspectMoreCommand:
            InspectScenario.More();
            Console.WriteLine(ExpectedCounts.InspectMoreAck);
            break;
        case "gc":
            GC.Collect();
            Console.WriteLine("COLLECTED");
            break;
        case "morestrings":
            StringsScenario.AddCopies();
            Console.WriteLine("MORE");
            break;
        case "native":
            NativeScenario.Allocate();
            Console.WriteLine(ExpectedCounts.NativeAck);
            break;
        case "moreorders":
            MemAnalyzer.TestTargets.LeakyApp.Retention.RetentionScenario.AddCustomers();
            Console.WriteLine(ExpectedCounts.RetentionAddedAck);
            break;
        case "fullgc":
            // The strongest judge of liveness: a full blocking GC, the finalizers, and a GC of what they released.
            GC.Collect();
            GC.WaitForPendingFinalizers();
            GC.Collect();
            // Once more, so that what the second GC queued (Gen2GcCallback's trimming) has run before the answer.
            GC.WaitForPendingFinalizers();
            Console.WriteLine(ExpectedCounts.FullGcAck);
            break;
        case "ping":
            Console.WriteLine("PONG");
            break;
        case "gccount":
            // How many full (gen 2) collections this process has run, for tests that check a GC really happened.
            Console.WriteLine($"GCCOUNT {GC.CollectionCount(2)}");
            break;
        case "threads":
            // Thread churn: threads that start and end, leaving glibc's cached stacks behind.
            ThreadChurnScenario.StartAndEnd(ExpectedCounts.ChurnThreads);
            Console.WriteLine(ExpectedCounts.ThreadsAck);
            break;
        case "service":
            ServiceScenario.Step();
            Console.WriteLine(ExpectedCounts.ServiceAck);
            break;
        case "garbage":
            Scenario.PlantGarbage();
            Console.WriteLine("GARBAGE");
            break;
    }
    Console.Out.Flush();
}

// Standard input closed (a script started us with </dev/null): stay alive until killed.
Thread.Sleep(Timeout.Infinite);
return 0;

namespace MemAnalyzer.TestTargets.LeakyApp
{
#if AFTER_LAYOUT
    /// <summary>The walkthrough's optimized layout: an int and the array reference only.</summary>
    public sealed class DataInstance
    {
        private readonly int _instance;
        public DataInstance[]? Childs;

        public DataInstance(int instance) => _instance = instance;

        public override string ToString() => $"Instance {_instance}";
    }

    /// <summary>A type only the optimized build has: it appears in a before/after diff.</summary>
    public sealed class AfterOnlyItem { public long Value; }
#else
    /// <summary>The walkthrough's original layout: a Func&lt;string&gt;, a long, a bool and an array reference.</summary>
    public sealed class DataInstance
    {
        private readonly Func<string> _checker;
        private readonly long _instance;
        public bool IsDisposed;
        public DataInstance[]? Childs;

        public DataInstance(int instance)
        {
            _instance = instance;
            _checker = () => $"Instance {_instance} already disposed";
        }

        public override string ToString() => _checker();
    }

    /// <summary>A type only the original build has: it vanishes in a before/after diff.</summary>
    public sealed class BeforeOnlyItem { public long Value; }
#endif

    public sealed class GarbageItem { public long Value; }
    public sealed class LeakedItem { public long Value; }
    public static class Scenario
    {
        /// <summary>Never set: what a thread waits on to stay alive for good.</summary>
        public static readonly ManualResetEventSlim NeverSet = new();

        private static List<DataInstance>? s_instances;
        private static readonly List<LeakedItem> s_leaked = new();
        private static object[]? s_oneSided;

        public static int LeakedCount => s_leaked.Count;

        [DllImport("libc", EntryPoint = "_exit")]
        private static extern void ExitProcess(int status);

        public static void ExitNow(int status)
        {
            Console.Out.Flush();
            ExitProcess(status);
        }

        /// <summary>The walkthrough's types that exist in one build only, rooted: each side of a before/after diff has one the other lacks.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static void PlantOneSidedTypes()
        {
#if AFTER_LAYOUT
            s_oneSided = Fill(ExpectedCounts.AfterOnlyItems, () => (object)new AfterOnlyItem());
#else
            s_oneSided = Fill(ExpectedCounts.BeforeOnlyItems, () => (object)new BeforeOnlyItem());
#endif
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        public static void BuildWalkthrough(int count)
        {
            // Preallocated so that exactly one backing array exists, with no growth garbage.
            var instances = new List<DataInstance>(count);
            for (var i = 1; i <= count; i++)
            {
                instances.Add(new DataInstance(i));
            }
            s_instances = instances;
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        public static void PlantGarbage()
        {
            for (var i = 0; i < ExpectedCounts.Garbage; i++)
            {
                _ = new GarbageItem { Value = i };
            }
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        public static void Leak()
        {
            for (var i = 0; i < ExpectedCounts.LeakedPerIteration; i++)
            {
                s_leaked.Add(new LeakedItem { Value = i });
            }
        }

        public static T[] Fill<T>(int count, Func<T> create)
        {
            var items = new T[count];
            for (var i = 0; i < count; i++)
            {
                items[i] = create();
            }
            return items;
        }
    }
}
