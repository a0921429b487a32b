namespace MemAnalyzer.Sql;

/// <summary>
/// The <c>types</c> table summed from one walk of the objects (each MethodTable's count, bytes, live count and live
/// bytes: <c>_type_counts</c>), joined with the type names and the bytes each type retains, and stored in place of
/// the <c>types</c> view, so that no later scan walks the heap for it: the kept tables' <c>types</c>, and the
/// scratch tables' when a query or an export reads it.
/// </summary>
internal static class TypeCounts
{
    /// <summary>Makes the table the walk's counts go into.</summary>
    public const string Create = "CREATE TABLE _type_counts (type_id UBIGINT, count BIGINT, bytes HUGEINT, live_count BIGINT, live_bytes HUGEINT);\n";

    /// <summary>The walk: one row per MethodTable with objects.</summary>
    public const string Walk = $"""
        INSERT INTO _type_counts SELECT type_id, count(*), sum(size), count(*) FILTER (WHERE live), coalesce(sum(size) FILTER (WHERE live), 0)
            FROM {ObjectRowsFunction.Name}() GROUP BY type_id;
        """;

    /// <summary>
    /// Once <c>_types</c> and <c>_type_retained</c> are filled: the view's rows (with its column types), as a table
    /// summed by type name, in place of the view.
    /// </summary>
    public const string Store = """
        CREATE TABLE _types_kept AS SELECT t.type, sum(c.count)::BIGINT AS count, sum(c.bytes)::HUGEINT AS bytes,
                sum(c.live_count)::BIGINT AS live_count, sum(c.live_bytes)::HUGEINT AS live_bytes, coalesce(any_value(r.retained), 0) AS retained
            FROM _type_counts c JOIN _types t USING (type_id) LEFT JOIN _type_retained r ON r.type = t.type
            GROUP BY t.type;
        DROP VIEW types; ALTER TABLE _types_kept RENAME TO types; DROP TABLE _type_retained; DROP TABLE _type_counts;
        """;

    /// <summary>The objects the stored table counts: what DuckDB's planner is told a scan of the objects holds.</summary>
    public static long Objects(DuckDB.NET.Data.DuckDBConnection connection)
    {
        using var command = connection.CreateCommand();
        command.CommandText = "SELECT coalesce(sum(count), 0)::BIGINT FROM types";
        return (long)command.ExecuteScalar()!;
    }
}
