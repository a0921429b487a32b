using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace MemAnalyzer.Sql;

/// <summary>
/// The two calls a table function makes on the chunk DuckDB hands it. DuckDB.NET's wrappers take a chunk it owns (and
/// frees), so these go to the same library directly.
/// </summary>
internal static partial class DataChunk
{
    [LibraryImport("duckdb", EntryPoint = "duckdb_data_chunk_get_vector")]
    [UnmanagedCallConv(CallConvs = [typeof(CallConvCdecl)])]
    public static partial IntPtr Vector(IntPtr chunk, ulong index);

    [LibraryImport("duckdb", EntryPoint = "duckdb_data_chunk_set_size")]
    [UnmanagedCallConv(CallConvs = [typeof(CallConvCdecl)])]
    public static partial void SetSize(IntPtr chunk, ulong size);
}
