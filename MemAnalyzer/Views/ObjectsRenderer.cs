using MemAnalyzer.Objects;
using MemAnalyzer.Output;

namespace MemAnalyzer.Views;

/// <summary>
/// -objects on the console: per object a header (type, address, size, retained bytes), its root path with the suspect
/// sub-path marked and the steps' verdicts, one line per field, then what an array, collection, delegate or cache holds. Types inside values are shown without namespaces, as in root paths.
/// </summary>
public static class ObjectsRenderer
{
    public static void Write(TextWriter writer, ObjectsQuery query, ObjectsResult result)
    {
        if (query.Type is not null)
        {
            var count = result.Objects.Count;
            writer.WriteLine($"{(count == result.Instances ? $"All {NumberFormat.N(count)}" : $"{NumberFormat.N(count)} of {NumberFormat.N(result.Instances)}")} " +
                $"live instance{(result.Instances == 1 ? "" : "s")} of {result.Type?.Type ?? query.Target}, largest retained first:");
            writer.WriteLine();
        }
        foreach (var obj in result.Objects)
        {
            WriteObject(writer, obj);
            writer.WriteLine();
        }
    }

    private static void WriteObject(TextWriter writer, ObjectView obj)
    {
        var retained = obj.Retained is { } bytes ? $"retains {Bytes(bytes)}" : "not live (garbage: retains nothing)";
        writer.WriteLine($"{obj.TypeName} @0x{obj.Address:x}: {Bytes(obj.Size)}, {retained}");
        if (obj.Path is { } path)
        {
            writer.WriteLine($"  Root path: {RootPathRenderer.MarkedText(path)}");
            if (RootPathRenderer.VerdictText(path) is { Length: > 0 } verdicts)
            {
                writer.WriteLine($"  Verdicts: {verdicts}");
            }
        }
        foreach (var field in obj.Fields)
        {
            writer.WriteLine($"  {field.Name} = {ValueText.Of(field.Value)}");
        }
        if (obj.Content is { } content)
        {
            WriteContent(writer, content);
        }
    }

    private static void WriteContent(TextWriter writer, ContentView content)
    {
        var order = content.Order is null ? "" : $" (shown: the {content.Order})";
        writer.WriteLine($"  {content.Kind}: {ValueText.Counts(content)}{order}");
        foreach (var method in content.Methods ?? [])
        {
            writer.WriteLine($"    {ValueText.Method(method.Method)} ×{NumberFormat.N(method.Count)}");
        }
        var entries = content.Entries ?? [];
        foreach (var entry in entries)
        {
            writer.WriteLine("    " + Entry(content, entry));
        }
        var total = content.Kind == ContentKind.Array && content.NonNull is { } nonNull ? nonNull : content.Count ?? 0;
        if (entries.Count > 0 && total > entries.Count)
        {
            writer.WriteLine($"    … {NumberFormat.N(total - entries.Count)} more");
        }
    }

    private static string Entry(ContentView content, EntryView entry) => entry switch
    {
        { Method: { } method } => $"{ValueText.Method(method)} on {(entry.Value.Kind == ValueKind.Null ? "no target (static)" : ValueText.Of(entry.Value))}",
        { Key: { } key } => $"{ValueText.Of(key)} = {ValueText.Of(entry.Value)}",
        _ when content.Kind == ContentKind.HashSet || content.Order is not null => ValueText.Of(entry.Value),
        _ => $"[{NumberFormat.N(entry.Index)}] = {ValueText.Of(entry.Value)}",
    };

    public static string Bytes(long bytes) => $"{NumberFormat.N(bytes)} B";
}
