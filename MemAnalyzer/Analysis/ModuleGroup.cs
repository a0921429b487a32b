namespace MemAnalyzer.Analysis;

/// <summary>
/// The modules of one name and kind that a runtime has loaded (-modules): how many, the bytes of their images, and the
/// path of one of them. A dynamic module (System.Reflection.Emit) has no image: its <paramref name="Bytes"/> is null, never 0.
/// </summary>
/// <param name="Kind"><see cref="File"/>, <see cref="InMemory"/> or <see cref="Dynamic"/>.</param>
/// <param name="Name">The file's name; for a module without a file, its assembly's simple name, or <see cref="Unnamed"/>.</param>
/// <param name="Path">The file of the first of them by path (ordinal); empty when they have none.</param>
public sealed record ModuleGroup(string Kind, string Name, long Count, long? Bytes, string Path)
{
    /// <summary>An image the runtime mapped from a file.</summary>
    public const string File = "file";

    /// <summary>An image loaded from bytes (Assembly.Load(byte[]), a single-file bundle): no file of its own.</summary>
    public const string InMemory = "in-memory";

    /// <summary>Emitted at run time (AssemblyBuilder): no image and no file.</summary>
    public const string Dynamic = "dynamic";

    /// <summary>
    /// The name of a module whose runtime data names neither it nor its assembly: a dynamic assembly's name lives only
    /// in its emitted metadata, which the DAC does not read back (SOS's dumpdomain shows "(Dynamic) []" too), so every
    /// dynamic module of a target is one row, and its count is the leak.
    /// </summary>
    public const string Unnamed = "(unnamed)";

    /// <summary>Most modules of one name first, then most bytes (a dynamic one's none last), then by name and kind.</summary>
    public static IReadOnlyList<ModuleGroup> Sorted(IEnumerable<ModuleGroup> groups) =>
        [.. groups.OrderByDescending(g => g.Count).ThenByDescending(g => g.Bytes ?? -1)
            .ThenBy(g => g.Name, StringComparer.Ordinal).ThenBy(g => g.Kind, StringComparer.Ordinal)];
}
