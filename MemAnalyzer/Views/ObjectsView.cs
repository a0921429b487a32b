using System.Globalization;
using MemAnalyzer.Analysis;
using MemAnalyzer.Commands;
using MemAnalyzer.Heap;
using MemAnalyzer.Objects;
using MemAnalyzer.Targets;

namespace MemAnalyzer.Views;

/// <summary>
/// -objects &lt;type|address&gt; [N]: the fields of the N live instances of a type that retain the most, or of the object
/// at an address, on the console, of one target. A .gcdump holds no field values: refused by the runner.
/// </summary>
public sealed class ObjectsView : ConsoleView<ObjectsQuery, ObjectsResult>
{
    /// <summary>-objects &lt;type|address&gt; [N]: a number after the type or address is how many objects, passed on as this switch.</summary>
    public const string TopSwitch = "--objects-top";

    public override IReadOnlyList<ViewSwitch> Switches { get; } =
    [
        ViewSwitch.Single("-objects|--objects <TYPE-OR-ADDRESS>", "The fields of objects, as SOS dumpobj shows them but readable: the N (default 5) live instances of a type (as for -roots) that retain the most, or the object at an address (0x...): -objects <TYPE-OR-ADDRESS> [N].")
            with { NumberAfterValue = TopSwitch },
        ViewSwitch.Single(TopSwitch + " <N>", "") with { Number = true },
    ];

    /// <summary>The switches of the type table and of the destination it takes none of, in the order the refusal looks for them, by their long forms.</summary>
    private static readonly IReadOnlyList<string> s_refused =
    [
        "--by-size", "--by-count", "--by-retained", "--top", "--retained", "--roots", "--type", "--live", "--dead", "--generation", "--duplicate-strings",
        "--show-address", "--show-unchanged", "--memmap", "--output", "--format", "--result-file", "--unit",
    ];

    public override TargetNeeds Needs => TargetNeeds.FieldValues;

    /// <summary>It prints on the console only, and names -o and -format in its own refusal.</summary>
    public override bool ReadsDestination => false;

    public override CommandRequest Build(ViewLine line)
    {
        if (line.Has(Name) && line.Has("-html"))
        {
            throw ViewLine.Invalid("-objects prints objects' fields on the console, and -html has no page for them: leave out -html");
        }
        if (line.Value(Name) is not { } target)
        {
            throw ViewLine.Invalid("a number of objects belongs to -objects: -objects <type|address> [N]");
        }
        if (line.Second is not null || line.Batch is not null)
        {
            throw ViewLine.Invalid("-objects reads one target: give one -f <dump> or one -pid <pid>, without -f2/-pid2 or several dumps");
        }
        if (s_refused.FirstOrDefault(line.Has) is { } other)
        {
            throw ViewLine.Invalid($"-objects prints the fields of objects on the console and takes no {other}: run it as a command of its own");
        }
        // Cli checked that the number is one.
        var top = line.Value(TopSwitch) is { } text ? int.Parse(text, NumberStyles.Integer, CultureInfo.InvariantCulture) : ObjectsQuery.DefaultTop;
        if (top <= 0)
        {
            throw ViewLine.Invalid($"-objects {target} {top}: give a positive number of objects");
        }
        if (target.Length == 0)
        {
            throw ViewLine.Invalid("-objects needs a type name (with namespace, * as wildcard) or an object address (0x...)");
        }
        return new ViewRequest<ObjectsQuery>(this, line.First, null, SizeUnit.Bytes, ReportDestination.Console, ShowUnchanged: false, new ObjectsQuery(target, top));
    }

    public override ObjectsResult Read(ViewRequest<ObjectsQuery> request, HeapSource source, RunContext context, CancellationToken cancellation) =>
        ObjectsReader.Read(source, request.Options, context.Walk, cancellation, context.Progress(writingCsv: false));

    /// <summary>The reading keeps no heap: its warnings are its own, and no damage gate follows it.</summary>
    public override HeapSnapshot? Heap(ObjectsResult reading) => null;

    public override IReadOnlyList<string> Warnings(ObjectsResult reading) => reading.Warnings;

    public override void Write(ViewRequest<ObjectsQuery> request, ObjectsResult reading, RunContext context)
    {
        if (reading.Objects.Count == 0)
        {
            RootsNotFound.Throw(reading.Type ?? request.Options.Type!, reading.DeadMatches, reading.TypeNames,
                "-objects shows live objects; run with -gc on a live process, or count them with -dead -type <name>");
        }
        Commands.Notes.WriteResolvedType(context.Error, Name, reading.Type);
        ObjectsRenderer.Write(context.Out, request.Options, reading);
    }
}
