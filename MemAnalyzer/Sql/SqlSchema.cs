namespace MemAnalyzer.Sql;

/// <summary>
/// The tables a query sees, as DuckDB statements (<see cref="Create"/>), in memory and in the kept database alike: the
/// rows are loaded into underscore tables that hold a type id per object (its MethodTable's address, the same in every
/// run over the dump) and a field id per reference (no name per row: appending 10^7 names, and DuckDB's string
/// statistics and dictionary analysis over them, cost more than the rest of the load), and the documented tables are
/// views that join the names in (a hash join with one row per type).
/// </summary>
public static class SqlSchema
{
    /// <summary>The table every dump has rows in (an export's mark: dump=&lt;name&gt;/objects.parquet).</summary>
    public const string Objects = "objects";

    /// <summary>The tables a query may name, in the order docs/sql.md documents them.</summary>
    public static IReadOnlyList<string> Tables { get; } = [Objects, "refs", "roots", "types", "strings"];

    /// <summary>The generation column's names, by Analysis.HeapGeneration's number.</summary>
    public static IReadOnlyList<string> Generations { get; } = ["gen0", "gen1", "gen2", "loh", "poh", "frozen"];

    /// <summary>The statements that make the tables in memory; generations are stored as numbers in Analysis.HeapGeneration's order.</summary>
    public static readonly string Create = Heap + Refs;

    /// <summary>Every table but the references: the kept tables' database, whose references are a database of their own (<see cref="KeptRefs"/>).</summary>
    public static string Heap => $"""
        CREATE TABLE _objects (address UBIGINT, type_id UBIGINT, size BIGINT, generation UTINYINT, live BOOLEAN, retained BIGINT, dominator UBIGINT, parent UBIGINT);
        CREATE TABLE _types (type_id UBIGINT, type VARCHAR);
        CREATE TABLE _type_retained (type VARCHAR, retained BIGINT);
        CREATE TABLE roots (address UBIGINT, kind VARCHAR, name VARCHAR);
        CREATE TABLE strings (address UBIGINT, length INTEGER, value VARCHAR);
        CREATE VIEW objects AS {ObjectsOf("_types", GenerationList)};
        CREATE VIEW types AS {TypesOf("_objects o JOIN _types t USING (type_id)", "t.type")};
        """;

    /// <summary>The references' tables: each reference with the id of the field that holds it, and the fields' names.</summary>
    public static string Refs => $"""
        CREATE TABLE _refs (source UBIGINT, target UBIGINT, field_id INTEGER);
        CREATE TABLE _fields (field_id INTEGER, field VARCHAR);
        CREATE VIEW refs AS {RefsOf("_fields")};
        """;

    /// <summary>The generation names as a list literal, indexed by the stored number + 1.</summary>
    public static string GenerationList => $"[{string.Join(", ", Generations.Select(name => $"'{name}'"))}]";

    /// <summary>The <c>objects</c> rows, with the type names of <paramref name="types"/> (type_id, type) and the generation names of <paramref name="generations"/>.</summary>
    public static string ObjectsOf(string types, string generations) => $"""
        SELECT o.address, t.type, o.size, ({generations})[o.generation + 1] AS generation, o.live, o.retained, o.dominator, o.parent
            FROM _objects o JOIN {types} t USING (type_id)
        """;

    /// <summary>The <c>refs</c> rows, with the field names of <paramref name="fields"/> (field_id, field).</summary>
    public static string RefsOf(string fields) => $"SELECT r.source, r.target, f.field FROM _refs r LEFT JOIN {fields} f USING (field_id)";

    private static string TypesOf(string objects, string type) => $"""
        SELECT {type}, count(*) AS count, sum(o.size) AS bytes, count(*) FILTER (WHERE o.live) AS live_count,
                coalesce(sum(o.size) FILTER (WHERE o.live), 0) AS live_bytes, coalesce(any_value(r.retained), 0) AS retained
            FROM {objects} LEFT JOIN _type_retained r ON r.type = {type}
            GROUP BY {type}
        """;
}
