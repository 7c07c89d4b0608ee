(module
 (type $0 (func (param i32 i32)))
 (type $1 (func (param i32 i32 i32 i32)))
 (type $2 (func (param i32 i32 i32 i32 i32 i32 i32 i32 i32 i32) (result i32)))
 (type $3 (func (param i32 i32) (result i32)))
 (type $4 (func))
 (type $5 (func (param i32 i32 i64)))
 (type $6 (func (param i32 f64 f64 i32)))
 (type $7 (func (param i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32 i32)))
 (type $8 (func (param i32 i32 i32)))
 (type $9 (func (param i32 i32 i32 i32 i32 i32 i32)))
 (type $10 (func (param i32 i32 i32 i32 i32 i32) (result i32)))
 (type $11 (func (param i32)))
 (type $12 (func (param i32) (result i32)))
 (import "env" "abort" (func $~lib/builtins/abort (param i32 i32 i32 i32)))
 (global $assembly/mapper/valid (mut i32) (i32.const 0))
 (global $assembly/mapper/nObst (mut i32) (i32.const 0))
 (global $assembly/mapper/nFloor (mut i32) (i32.const 0))
 (global $assembly/mapper/nEnd (mut i32) (i32.const 0))
 (global $assembly/mapper/clipped (mut i32) (i32.const 0))
 (global $assembly/astar/nodes (mut i32) (i32.const 0))
 (global $assembly/astar/heap (mut i32) (i32.const 0))
 (global $assembly/astar/heapSize (mut i32) (i32.const 0))
 (global $~lib/rt/tlsf/ROOT (mut i32) (i32.const 0))
 (memory $0 64)
 (data $0 (i32.const 1036) "<")
 (data $0.1 (i32.const 1048) "\02\00\00\00(\00\00\00A\00l\00l\00o\00c\00a\00t\00i\00o\00n\00 \00t\00o\00o\00 \00l\00a\00r\00g\00e")
 (data $1 (i32.const 1100) "<")
 (data $1.1 (i32.const 1112) "\02\00\00\00\1e\00\00\00~\00l\00i\00b\00/\00r\00t\00/\00t\00l\00s\00f\00.\00t\00s")
 (export "alloc" (func $assembly/alloc/alloc))
 (export "free" (func $assembly/alloc/free))
 (export "integrate" (func $assembly/mapper/integrate))
 (export "countCells" (func $assembly/mapper/countCells))
 (export "blit" (func $assembly/mapper/blit))
 (export "knownBounds" (func $assembly/mapper/knownBounds))
 (export "astar" (func $assembly/astar/astar))
 (export "nearestFree" (func $assembly/astar/nearestFree))
 (export "rasterGrid" (func $assembly/raster/rasterGrid))
 (export "memory" (memory $0))
 (func $~lib/rt/tlsf/removeBlock (param $0 i32) (param $1 i32)
  (local $2 i32)
  (local $3 i32)
  (local $4 i32)
  (local $5 i32)
  local.get $1
  i32.load
  i32.const -4
  i32.and
  local.tee $3
  i32.const 256
  i32.lt_u
  if (result i32)
   local.get $3
   i32.const 4
   i32.shr_u
  else
   i32.const 31
   i32.const 1073741820
   local.get $3
   local.get $3
   i32.const 1073741820
   i32.ge_u
   select
   local.tee $3
   i32.clz
   i32.sub
   local.tee $4
   i32.const 7
   i32.sub
   local.set $2
   local.get $3
   local.get $4
   i32.const 4
   i32.sub
   i32.shr_u
   i32.const 16
   i32.xor
  end
  local.set $3
  local.get $1
  i32.load offset=8
  local.set $5
  local.get $1
  i32.load offset=4
  local.tee $4
  if
   local.get $4
   local.get $5
   i32.store offset=8
  end
  local.get $5
  if
   local.get $5
   local.get $4
   i32.store offset=4
  end
  local.get $1
  local.get $0
  local.get $2
  i32.const 4
  i32.shl
  local.get $3
  i32.add
  i32.const 2
  i32.shl
  i32.add
  local.tee $1
  i32.load offset=96
  i32.eq
  if
   local.get $1
   local.get $5
   i32.store offset=96
   local.get $5
   i32.eqz
   if
    local.get $0
    local.get $2
    i32.const 2
    i32.shl
    i32.add
    local.tee $1
    i32.load offset=4
    i32.const -2
    local.get $3
    i32.rotl
    i32.and
    local.set $3
    local.get $1
    local.get $3
    i32.store offset=4
    local.get $3
    i32.eqz
    if
     local.get $0
     local.get $0
     i32.load
     i32.const -2
     local.get $2
     i32.rotl
     i32.and
     i32.store
    end
   end
  end
 )
 (func $~lib/rt/tlsf/insertBlock (param $0 i32) (param $1 i32)
  (local $2 i32)
  (local $3 i32)
  (local $4 i32)
  (local $5 i32)
  (local $6 i32)
  local.get $1
  i32.const 4
  i32.add
  local.tee $6
  local.get $1
  i32.load
  local.tee $3
  i32.const -4
  i32.and
  i32.add
  local.tee $4
  i32.load
  local.tee $2
  i32.const 1
  i32.and
  if
   local.get $0
   local.get $4
   call $~lib/rt/tlsf/removeBlock
   local.get $1
   local.get $3
   i32.const 4
   i32.add
   local.get $2
   i32.const -4
   i32.and
   i32.add
   local.tee $3
   i32.store
   local.get $1
   i32.load
   i32.const -4
   i32.and
   local.get $6
   i32.add
   local.tee $4
   i32.load
   local.set $2
  end
  local.get $3
  i32.const 2
  i32.and
  if
   local.get $1
   i32.const 4
   i32.sub
   i32.load
   local.tee $1
   i32.load
   local.set $6
   local.get $0
   local.get $1
   call $~lib/rt/tlsf/removeBlock
   local.get $1
   local.get $6
   i32.const 4
   i32.add
   local.get $3
   i32.const -4
   i32.and
   i32.add
   local.tee $3
   i32.store
  end
  local.get $4
  local.get $2
  i32.const 2
  i32.or
  i32.store
  local.get $4
  i32.const 4
  i32.sub
  local.get $1
  i32.store
  local.get $0
  local.get $3
  i32.const -4
  i32.and
  local.tee $2
  i32.const 256
  i32.lt_u
  if (result i32)
   local.get $2
   i32.const 4
   i32.shr_u
  else
   i32.const 31
   i32.const 1073741820
   local.get $2
   local.get $2
   i32.const 1073741820
   i32.ge_u
   select
   local.tee $2
   i32.clz
   i32.sub
   local.tee $3
   i32.const 7
   i32.sub
   local.set $5
   local.get $2
   local.get $3
   i32.const 4
   i32.sub
   i32.shr_u
   i32.const 16
   i32.xor
  end
  local.tee $2
  local.get $5
  i32.const 4
  i32.shl
  i32.add
  i32.const 2
  i32.shl
  i32.add
  i32.load offset=96
  local.set $3
  local.get $1
  i32.const 0
  i32.store offset=4
  local.get $1
  local.get $3
  i32.store offset=8
  local.get $3
  if
   local.get $3
   local.get $1
   i32.store offset=4
  end
  local.get $0
  local.get $5
  i32.const 4
  i32.shl
  local.get $2
  i32.add
  i32.const 2
  i32.shl
  i32.add
  local.get $1
  i32.store offset=96
  local.get $0
  local.get $0
  i32.load
  i32.const 1
  local.get $5
  i32.shl
  i32.or
  i32.store
  local.get $0
  local.get $5
  i32.const 2
  i32.shl
  i32.add
  local.tee $0
  local.get $0
  i32.load offset=4
  i32.const 1
  local.get $2
  i32.shl
  i32.or
  i32.store offset=4
 )
 (func $~lib/rt/tlsf/searchBlock (param $0 i32) (param $1 i32) (result i32)
  (local $2 i32)
  local.get $1
  i32.const 256
  i32.lt_u
  if
   local.get $1
   i32.const 4
   i32.shr_u
   local.set $1
  else
   local.get $1
   i32.const 536870910
   i32.lt_u
   if
    local.get $1
    i32.const 1
    i32.const 27
    local.get $1
    i32.clz
    i32.sub
    i32.shl
    i32.add
    i32.const 1
    i32.sub
    local.set $1
   end
   local.get $1
   i32.const 31
   local.get $1
   i32.clz
   i32.sub
   local.tee $2
   i32.const 4
   i32.sub
   i32.shr_u
   i32.const 16
   i32.xor
   local.set $1
   local.get $2
   i32.const 7
   i32.sub
   local.set $2
  end
  local.get $0
  local.get $2
  i32.const 2
  i32.shl
  i32.add
  i32.load offset=4
  i32.const -1
  local.get $1
  i32.shl
  i32.and
  local.tee $1
  if (result i32)
   local.get $0
   local.get $1
   i32.ctz
   local.get $2
   i32.const 4
   i32.shl
   i32.add
   i32.const 2
   i32.shl
   i32.add
   i32.load offset=96
  else
   local.get $0
   i32.load
   i32.const -1
   local.get $2
   i32.const 1
   i32.add
   i32.shl
   i32.and
   local.tee $1
   if (result i32)
    local.get $0
    local.get $0
    local.get $1
    i32.ctz
    local.tee $0
    i32.const 2
    i32.shl
    i32.add
    i32.load offset=4
    i32.ctz
    local.get $0
    i32.const 4
    i32.shl
    i32.add
    i32.const 2
    i32.shl
    i32.add
    i32.load offset=96
   else
    i32.const 0
   end
  end
 )
 (func $~lib/rt/tlsf/initialize
  (local $0 i32)
  (local $1 i32)
  memory.size
  local.tee $1
  i32.const 0
  i32.le_s
  if (result i32)
   i32.const 1
   local.get $1
   i32.sub
   memory.grow
   i32.const 0
   i32.lt_s
  else
   i32.const 0
  end
  if
   unreachable
  end
  i32.const 1168
  i32.const 0
  i32.store
  i32.const 2736
  i32.const 0
  i32.store
  loop $for-loop|0
   local.get $0
   i32.const 23
   i32.lt_u
   if
    local.get $0
    i32.const 2
    i32.shl
    i32.const 1168
    i32.add
    i32.const 0
    i32.store offset=4
    i32.const 0
    local.set $1
    loop $for-loop|1
     local.get $1
     i32.const 16
     i32.lt_u
     if
      local.get $0
      i32.const 4
      i32.shl
      local.get $1
      i32.add
      i32.const 2
      i32.shl
      i32.const 1168
      i32.add
      i32.const 0
      i32.store offset=96
      local.get $1
      i32.const 1
      i32.add
      local.set $1
      br $for-loop|1
     end
    end
    local.get $0
    i32.const 1
    i32.add
    local.set $0
    br $for-loop|0
   end
  end
  i32.const 1168
  i32.const 2740
  memory.size
  i64.extend_i32_s
  i64.const 16
  i64.shl
  call $~lib/rt/tlsf/addMemory
  i32.const 1168
  global.set $~lib/rt/tlsf/ROOT
 )
 (func $~lib/rt/tlsf/addMemory (param $0 i32) (param $1 i32) (param $2 i64)
  (local $3 i32)
  (local $4 i32)
  (local $5 i32)
  local.get $1
  i32.const 19
  i32.add
  i32.const -16
  i32.and
  i32.const 4
  i32.sub
  local.set $1
  local.get $0
  i32.load offset=1568
  local.tee $3
  if
   local.get $3
   local.get $1
   i32.const 16
   i32.sub
   local.tee $5
   i32.eq
   if
    local.get $3
    i32.load
    local.set $4
    local.get $5
    local.set $1
   end
  end
  local.get $2
  i32.wrap_i64
  i32.const -16
  i32.and
  local.get $1
  i32.sub
  local.tee $3
  i32.const 20
  i32.lt_u
  if
   return
  end
  local.get $1
  local.get $4
  i32.const 2
  i32.and
  local.get $3
  i32.const 8
  i32.sub
  local.tee $3
  i32.const 1
  i32.or
  i32.or
  i32.store
  local.get $1
  i32.const 0
  i32.store offset=4
  local.get $1
  i32.const 0
  i32.store offset=8
  local.get $1
  i32.const 4
  i32.add
  local.get $3
  i32.add
  local.tee $3
  i32.const 2
  i32.store
  local.get $0
  local.get $3
  i32.store offset=1568
  local.get $0
  local.get $1
  call $~lib/rt/tlsf/insertBlock
 )
 (func $assembly/astar/siftUp (param $0 i32) (param $1 f64) (param $2 f64) (param $3 i32)
  (local $4 i32)
  (local $5 f64)
  (local $6 f64)
  (local $7 i32)
  (local $8 i32)
  loop $while-continue|0
   local.get $0
   i32.const 0
   i32.gt_s
   if
    global.get $assembly/astar/heap
    local.get $0
    i32.const 1
    i32.sub
    i32.const 1
    i32.shr_s
    local.tee $4
    i32.const 24
    i32.mul
    i32.add
    local.tee $7
    f64.load
    local.tee $5
    local.get $1
    f64.eq
    local.get $7
    f64.load offset=8
    local.tee $6
    local.get $2
    f64.lt
    i32.and
    local.get $1
    local.get $5
    f64.lt
    i32.or
    if
     local.get $7
     i32.load offset=16
     local.set $8
     global.get $assembly/astar/heap
     local.get $0
     i32.const 24
     i32.mul
     i32.add
     local.tee $7
     local.get $5
     f64.store
     local.get $7
     local.get $6
     f64.store offset=8
     local.get $7
     local.get $8
     i32.store offset=16
     global.get $assembly/astar/nodes
     local.get $8
     i32.const 24
     i32.mul
     i32.add
     local.get $0
     i32.store offset=12
     local.get $4
     local.set $0
     br $while-continue|0
    end
   end
  end
  global.get $assembly/astar/heap
  local.get $0
  i32.const 24
  i32.mul
  i32.add
  local.tee $4
  local.get $1
  f64.store
  local.get $4
  local.get $2
  f64.store offset=8
  local.get $4
  local.get $3
  i32.store offset=16
  global.get $assembly/astar/nodes
  local.get $3
  i32.const 24
  i32.mul
  i32.add
  local.get $0
  i32.store offset=12
 )
 (func $assembly/raster/rasterGrid (param $0 i32) (param $1 i32) (param $2 i32) (param $3 i32) (param $4 i32) (param $5 i32) (param $6 i32) (param $7 i32) (param $8 i32) (param $9 i32) (param $10 i32) (param $11 i32)
  (local $12 i32)
  (local $13 i32)
  (local $14 i32)
  (local $15 i32)
  (local $16 i32)
  (local $17 i32)
  (local $18 i32)
  (local $19 i32)
  local.get $5
  local.get $7
  i32.mul
  local.set $16
  loop $for-loop|0
   local.get $6
   local.get $15
   i32.gt_s
   if
    local.get $4
    local.get $6
    i32.add
    i32.const 1
    i32.sub
    local.get $15
    i32.sub
    local.set $18
    local.get $8
    local.get $7
    local.get $15
    i32.mul
    local.get $16
    i32.mul
    i32.const 2
    i32.shl
    i32.add
    local.set $17
    i32.const 0
    local.set $14
    loop $for-loop|1
     local.get $5
     local.get $14
     i32.gt_s
     if
      local.get $3
      local.get $14
      i32.add
      local.tee $12
      local.get $1
      i32.lt_u
      local.get $2
      local.get $18
      i32.gt_u
      i32.and
      if (result i32)
       local.get $10
       local.get $11
       local.get $9
       local.get $0
       local.get $1
       local.get $18
       i32.mul
       local.get $12
       i32.add
       i32.add
       i32.load8_u
       local.tee $12
       i32.const 2
       i32.eq
       select
       local.get $12
       i32.const 1
       i32.eq
       select
      else
       local.get $9
      end
      local.set $12
      local.get $17
      local.get $7
      local.get $14
      i32.mul
      i32.const 2
      i32.shl
      i32.add
      local.set $19
      i32.const 0
      local.set $13
      loop $for-loop|2
       local.get $7
       local.get $13
       i32.gt_s
       if
        local.get $19
        local.get $13
        i32.const 2
        i32.shl
        i32.add
        local.get $12
        i32.store
        local.get $13
        i32.const 1
        i32.add
        local.set $13
        br $for-loop|2
       end
      end
      local.get $14
      i32.const 1
      i32.add
      local.set $14
      br $for-loop|1
     end
    end
    i32.const 1
    local.set $12
    loop $for-loop|3
     local.get $7
     local.get $12
     i32.gt_s
     if
      local.get $17
      local.get $12
      local.get $16
      i32.mul
      i32.const 2
      i32.shl
      i32.add
      local.get $17
      local.get $16
      i32.const 2
      i32.shl
      memory.copy
      local.get $12
      i32.const 1
      i32.add
      local.set $12
      br $for-loop|3
     end
    end
    local.get $15
    i32.const 1
    i32.add
    local.set $15
    br $for-loop|0
   end
  end
 )
 (func $assembly/mapper/knownBounds (param $0 i32) (param $1 i32) (param $2 i32) (param $3 i32)
  (local $4 i32)
  (local $5 i32)
  (local $6 i32)
  (local $7 i32)
  (local $8 i32)
  (local $9 i32)
  (local $10 i32)
  local.get $1
  local.set $6
  local.get $2
  local.set $4
  i32.const -1
  local.set $9
  i32.const -1
  local.set $5
  loop $for-loop|0
   local.get $2
   local.get $7
   i32.gt_s
   if
    local.get $0
    local.get $1
    local.get $7
    i32.mul
    i32.add
    local.set $8
    i32.const 0
    local.set $10
    loop $for-loop|1
     local.get $1
     local.get $10
     i32.gt_s
     if
      local.get $8
      local.get $10
      i32.add
      i32.load8_u
      if
       local.get $10
       local.get $6
       local.get $6
       local.get $10
       i32.gt_s
       select
       local.set $6
       local.get $10
       local.get $9
       local.get $9
       local.get $10
       i32.lt_s
       select
       local.set $9
       local.get $7
       local.set $5
       local.get $7
       local.get $4
       local.get $4
       local.get $7
       i32.gt_s
       select
       local.set $4
      end
      local.get $10
      i32.const 1
      i32.add
      local.set $10
      br $for-loop|1
     end
    end
    local.get $7
    i32.const 1
    i32.add
    local.set $7
    br $for-loop|0
   end
  end
  local.get $3
  local.get $9
  i32.const 0
  i32.lt_s
  if (result i32)
   i32.const -1
   local.set $4
   i32.const -1
  else
   local.get $6
  end
  i32.store
  local.get $3
  local.get $4
  i32.store offset=4
  local.get $3
  local.get $9
  i32.store offset=8
  local.get $3
  local.get $5
  i32.store offset=12
 )
 (func $assembly/mapper/integrate (param $0 i32) (param $1 i32) (param $2 i32) (param $3 i32) (param $4 i32) (param $5 i32) (param $6 i32) (param $7 i32) (param $8 i32) (param $9 i32) (result i32)
  (local $10 v128)
  (local $11 v128)
  (local $12 i32)
  (local $13 v128)
  (local $14 i32)
  (local $15 v128)
  (local $16 v128)
  (local $17 v128)
  (local $18 i32)
  (local $19 f32)
  (local $20 v128)
  (local $21 v128)
  (local $22 v128)
  (local $23 v128)
  (local $24 v128)
  (local $25 v128)
  (local $26 v128)
  (local $27 v128)
  (local $28 v128)
  (local $29 v128)
  (local $30 v128)
  (local $31 v128)
  (local $32 v128)
  (local $33 v128)
  (local $34 v128)
  (local $35 v128)
  (local $36 v128)
  (local $37 v128)
  (local $38 v128)
  (local $39 f32)
  (local $40 f32)
  (local $41 f32)
  (local $42 f32)
  (local $43 f32)
  (local $44 f32)
  (local $45 f32)
  (local $46 f32)
  (local $47 f32)
  (local $48 v128)
  (local $49 v128)
  (local $50 f32)
  (local $51 f32)
  (local $52 f32)
  (local $53 f32)
  (local $54 f32)
  (local $55 f32)
  (local $56 f32)
  (local $57 f32)
  (local $58 f32)
  (local $59 f32)
  (local $60 f32)
  (local $61 f32)
  (local $62 f32)
  (local $63 f32)
  (local $64 i32)
  (local $65 i32)
  (local $66 i32)
  (local $67 f32)
  (local $68 v128)
  (local $69 i32)
  (local $70 f32)
  (local $71 i32)
  (local $72 i32)
  (local $73 i32)
  (local $74 i32)
  (local $75 i32)
  (local $76 f32)
  (local $77 f32)
  (local $78 i32)
  (local $79 v128)
  (local $80 v128)
  (local $81 v128)
  (local $82 v128)
  (local $83 i32)
  (local $84 i32)
  (local $85 i32)
  (local $86 i32)
  local.get $3
  f32.load
  local.set $62
  local.get $3
  f32.load offset=4
  local.set $46
  local.get $3
  f32.load offset=8
  local.set $45
  local.get $3
  f32.load offset=12
  local.set $61
  local.get $3
  f32.load offset=16
  local.set $44
  local.get $3
  f32.load offset=20
  local.set $43
  local.get $3
  f32.load offset=24
  local.set $60
  local.get $3
  f32.load offset=28
  local.set $42
  local.get $3
  f32.load offset=32
  local.set $41
  local.get $3
  f32.load offset=44
  local.set $59
  local.get $3
  f32.load offset=48
  local.set $19
  local.get $3
  f32.load offset=52
  local.set $40
  local.get $3
  f32.load offset=56
  local.set $47
  local.get $3
  f32.load offset=60
  local.set $39
  local.get $3
  i32.const -64
  i32.sub
  f32.load
  local.set $58
  local.get $3
  f32.load offset=68
  local.set $57
  local.get $3
  f32.load offset=72
  local.set $56
  local.get $3
  f32.load offset=76
  local.set $55
  local.get $3
  f32.load offset=80
  local.set $54
  local.get $3
  f32.load offset=84
  local.set $53
  local.get $3
  f32.load offset=88
  local.set $52
  local.get $4
  i32.load
  local.set $71
  local.get $4
  i32.load offset=4
  local.set $66
  local.get $4
  i32.load offset=8
  local.set $65
  local.get $4
  i32.load offset=12
  local.set $64
  local.get $4
  i32.load offset=16
  local.tee $14
  i32.const 1
  i32.shl
  i32.const 1
  i32.add
  local.set $75
  local.get $4
  i32.load offset=20
  local.set $74
  local.get $3
  f32.load offset=36
  local.tee $51
  local.get $3
  f32.load offset=92
  local.tee $70
  f32.mul
  f32.floor
  i32.trunc_sat_f32_s
  local.tee $12
  local.get $14
  i32.sub
  local.set $73
  local.get $3
  f32.load offset=40
  local.tee $50
  local.get $70
  f32.mul
  f32.floor
  i32.trunc_sat_f32_s
  local.tee $4
  local.get $14
  i32.sub
  local.set $72
  i32.const 0
  local.set $3
  loop $for-loop|0
   local.get $1
   local.get $3
   i32.gt_s
   if
    local.get $6
    local.get $3
    i32.const 2
    i32.shl
    i32.add
    local.get $3
    f32.convert_i32_s
    local.get $47
    f32.sub
    local.get $19
    f32.div
    f32.store
    local.get $3
    i32.const 1
    i32.add
    local.set $3
    br $for-loop|0
   end
  end
  i32.const 0
  global.set $assembly/mapper/valid
  i32.const 0
  global.set $assembly/mapper/nObst
  i32.const 0
  global.set $assembly/mapper/nFloor
  i32.const 0
  global.set $assembly/mapper/nEnd
  i32.const 0
  global.set $assembly/mapper/clipped
  local.get $58
  f32x4.splat
  local.set $38
  local.get $57
  f32x4.splat
  local.set $37
  local.get $62
  f32x4.splat
  local.set $36
  local.get $61
  f32x4.splat
  local.set $35
  local.get $60
  f32x4.splat
  local.set $34
  local.get $51
  f32x4.splat
  local.set $33
  local.get $50
  f32x4.splat
  local.set $32
  local.get $59
  f32x4.splat
  local.set $31
  local.get $56
  f32x4.splat
  local.set $30
  local.get $55
  f32x4.splat
  local.set $29
  local.get $54
  f32x4.splat
  local.set $28
  local.get $53
  f32x4.splat
  local.set $27
  local.get $52
  f32x4.splat
  local.set $26
  local.get $70
  f32x4.splat
  local.set $49
  local.get $65
  f32.convert_i32_s
  f32x4.splat
  local.set $25
  local.get $64
  f32.convert_i32_s
  f32x4.splat
  local.set $24
  local.get $71
  f32.convert_i32_s
  f32x4.splat
  local.set $48
  local.get $66
  f32.convert_i32_s
  f32x4.splat
  local.set $23
  local.get $1
  i32.const -4
  i32.and
  local.set $14
  loop $for-loop|1
   local.get $2
   local.get $69
   i32.gt_s
   if
    local.get $46
    local.get $69
    f32.convert_i32_s
    local.get $39
    f32.sub
    local.get $40
    f32.div
    local.tee $47
    f32.mul
    local.get $45
    f32.add
    local.tee $19
    f32x4.splat
    local.set $22
    local.get $44
    local.get $47
    f32.mul
    local.get $43
    f32.add
    local.tee $76
    f32x4.splat
    local.set $21
    local.get $42
    local.get $47
    f32.mul
    local.get $41
    f32.add
    local.tee $77
    f32x4.splat
    local.set $20
    local.get $0
    local.get $1
    local.get $69
    i32.mul
    i32.const 2
    i32.shl
    i32.add
    local.set $78
    v128.const i32x4 0xbf800000 0xbf800000 0xbf800000 0xbf800000
    local.set $13
    v128.const i32x4 0x00000000 0x00000000 0x00000000 0x00000000
    local.set $11
    v128.const i32x4 0x00000000 0x00000000 0x00000000 0x00000000
    local.set $10
    i32.const 0
    local.set $3
    loop $for-loop|2
     local.get $3
     local.get $14
     i32.lt_s
     if
      block $for-continue|2
       local.get $78
       local.get $3
       i32.const 2
       i32.shl
       i32.add
       v128.load
       local.tee $15
       local.get $38
       f32x4.ge
       local.get $15
       local.get $37
       f32x4.le
       v128.and
       local.tee $16
       v128.any_true
       i32.eqz
       if
        v128.const i32x4 0x00000000 0x00000000 0x00000000 0x00000000
        local.set $11
        v128.const i32x4 0x00000000 0x00000000 0x00000000 0x00000000
        local.set $10
        br $for-continue|2
       end
       global.get $assembly/mapper/valid
       local.get $16
       i32x4.bitmask
       i32.popcnt
       i32.add
       global.set $assembly/mapper/valid
       local.get $16
       local.get $15
       local.get $34
       local.get $6
       local.get $3
       i32.const 2
       i32.shl
       i32.add
       v128.load
       local.tee $79
       f32x4.mul
       local.get $20
       f32x4.add
       f32x4.mul
       local.get $31
       f32x4.add
       local.get $30
       f32x4.sub
       local.tee $17
       local.get $29
       f32x4.gt
       local.get $17
       local.get $28
       f32x4.lt
       v128.and
       v128.and
       local.tee $80
       local.get $16
       local.get $17
       local.get $27
       f32x4.gt
       local.get $17
       local.get $26
       f32x4.le
       v128.and
       v128.and
       local.get $80
       v128.andnot
       local.tee $16
       v128.or
       local.tee $17
       v128.any_true
       i32.eqz
       if
        v128.const i32x4 0x00000000 0x00000000 0x00000000 0x00000000
        local.set $11
        v128.const i32x4 0x00000000 0x00000000 0x00000000 0x00000000
        local.set $10
        br $for-continue|2
       end
       global.get $assembly/mapper/clipped
       local.get $17
       local.get $15
       local.get $36
       local.get $79
       f32x4.mul
       local.get $22
       f32x4.add
       f32x4.mul
       local.get $33
       f32x4.add
       local.get $49
       f32x4.mul
       f32x4.floor
       local.tee $68
       local.get $25
       f32x4.sub
       local.tee $17
       v128.const i32x4 0x00000000 0x00000000 0x00000000 0x00000000
       f32x4.ge
       local.get $17
       local.get $48
       f32x4.lt
       v128.and
       local.get $15
       local.get $35
       local.get $79
       f32x4.mul
       local.get $21
       f32x4.add
       f32x4.mul
       local.get $32
       f32x4.add
       local.get $49
       f32x4.mul
       f32x4.floor
       local.tee $79
       local.get $24
       f32x4.sub
       local.tee $81
       v128.const i32x4 0x00000000 0x00000000 0x00000000 0x00000000
       f32x4.ge
       local.get $81
       local.get $23
       f32x4.lt
       v128.and
       v128.and
       local.tee $82
       v128.andnot
       i32x4.bitmask
       i32.popcnt
       i32.add
       global.set $assembly/mapper/clipped
       global.get $assembly/mapper/nObst
       local.get $80
       local.get $82
       v128.and
       local.tee $15
       i32x4.bitmask
       local.tee $18
       i32.popcnt
       i32.add
       global.set $assembly/mapper/nObst
       global.get $assembly/mapper/nFloor
       local.get $16
       local.get $82
       v128.and
       local.tee $16
       i32x4.bitmask
       local.tee $83
       i32.popcnt
       i32.add
       global.set $assembly/mapper/nFloor
       local.get $18
       local.get $81
       local.get $48
       f32x4.mul
       local.get $17
       f32x4.add
       local.tee $17
       local.get $13
       local.get $17
       i8x16.shuffle 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27
       f32x4.eq
       local.tee $13
       local.get $11
       local.get $15
       i8x16.shuffle 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27
       v128.and
       i32x4.bitmask
       i32.const -1
       i32.xor
       i32.and
       local.set $18
       local.get $83
       local.get $13
       local.get $10
       local.get $16
       i8x16.shuffle 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27
       v128.and
       i32x4.bitmask
       i32.const -1
       i32.xor
       i32.and
       local.set $83
       local.get $17
       local.set $13
       local.get $15
       local.set $11
       local.get $16
       local.set $10
       local.get $18
       local.get $83
       i32.or
       i32.eqz
       br_if $for-continue|2
       local.get $13
       f32x4.extract_lane 0
       i32.trunc_sat_f32_s
       local.get $5
       i32.add
       local.set $84
       local.get $18
       i32.const 1
       i32.and
       if
        local.get $84
        i32.const 2
        i32.store8
        local.get $79
        f32x4.extract_lane 0
        i32.trunc_sat_f32_s
        local.get $72
        i32.sub
        local.tee $84
        local.get $75
        i32.lt_u
        local.get $68
        f32x4.extract_lane 0
        i32.trunc_sat_f32_s
        local.get $73
        i32.sub
        local.tee $85
        local.get $75
        i32.lt_u
        i32.and
        if
         local.get $7
         local.get $75
         local.get $84
         i32.mul
         local.get $85
         i32.add
         local.tee $84
         i32.const 2
         i32.shl
         i32.add
         local.tee $85
         i32.load
         local.get $74
         i32.ne
         if
          local.get $85
          local.get $74
          i32.store
          local.get $8
          global.get $assembly/mapper/nEnd
          i32.const 2
          i32.shl
          i32.add
          local.get $84
          i32.store
          global.get $assembly/mapper/nEnd
          i32.const 1
          i32.add
          global.set $assembly/mapper/nEnd
         end
        else
         global.get $assembly/mapper/clipped
         i32.const 1
         i32.add
         global.set $assembly/mapper/clipped
        end
       else
        local.get $83
        i32.const 1
        i32.and
        if
         local.get $84
         i32.load8_u
         i32.const 2
         i32.ne
         if
          local.get $84
          i32.const 1
          i32.store8
         end
        end
       end
       local.get $13
       f32x4.extract_lane 1
       i32.trunc_sat_f32_s
       local.get $5
       i32.add
       local.set $84
       local.get $18
       i32.const 2
       i32.and
       if
        local.get $84
        i32.const 2
        i32.store8
        local.get $79
        f32x4.extract_lane 1
        i32.trunc_sat_f32_s
        local.get $72
        i32.sub
        local.tee $84
        local.get $75
        i32.lt_u
        local.get $68
        f32x4.extract_lane 1
        i32.trunc_sat_f32_s
        local.get $73
        i32.sub
        local.tee $85
        local.get $75
        i32.lt_u
        i32.and
        if
         local.get $7
         local.get $75
         local.get $84
         i32.mul
         local.get $85
         i32.add
         local.tee $84
         i32.const 2
         i32.shl
         i32.add
         local.tee $85
         i32.load
         local.get $74
         i32.ne
         if
          local.get $85
          local.get $74
          i32.store
          local.get $8
          global.get $assembly/mapper/nEnd
          i32.const 2
          i32.shl
          i32.add
          local.get $84
          i32.store
          global.get $assembly/mapper/nEnd
          i32.const 1
          i32.add
          global.set $assembly/mapper/nEnd
         end
        else
         global.get $assembly/mapper/clipped
         i32.const 1
         i32.add
         global.set $assembly/mapper/clipped
        end
       else
        local.get $83
        i32.const 2
        i32.and
        if
         local.get $84
         i32.load8_u
         i32.const 2
         i32.ne
         if
          local.get $84
          i32.const 1
          i32.store8
         end
        end
       end
       local.get $13
       f32x4.extract_lane 2
       i32.trunc_sat_f32_s
       local.get $5
       i32.add
       local.set $84
       local.get $18
       i32.const 4
       i32.and
       if
        local.get $84
        i32.const 2
        i32.store8
        local.get $79
        f32x4.extract_lane 2
        i32.trunc_sat_f32_s
        local.get $72
        i32.sub
        local.tee $84
        local.get $75
        i32.lt_u
        local.get $68
        f32x4.extract_lane 2
        i32.trunc_sat_f32_s
        local.get $73
        i32.sub
        local.tee $85
        local.get $75
        i32.lt_u
        i32.and
        if
         local.get $7
         local.get $75
         local.get $84
         i32.mul
         local.get $85
         i32.add
         local.tee $84
         i32.const 2
         i32.shl
         i32.add
         local.tee $85
         i32.load
         local.get $74
         i32.ne
         if
          local.get $85
          local.get $74
          i32.store
          local.get $8
          global.get $assembly/mapper/nEnd
          i32.const 2
          i32.shl
          i32.add
          local.get $84
          i32.store
          global.get $assembly/mapper/nEnd
          i32.const 1
          i32.add
          global.set $assembly/mapper/nEnd
         end
        else
         global.get $assembly/mapper/clipped
         i32.const 1
         i32.add
         global.set $assembly/mapper/clipped
        end
       else
        local.get $83
        i32.const 4
        i32.and
        if
         local.get $84
         i32.load8_u
         i32.const 2
         i32.ne
         if
          local.get $84
          i32.const 1
          i32.store8
         end
        end
       end
       local.get $13
       f32x4.extract_lane 3
       i32.trunc_sat_f32_s
       local.get $5
       i32.add
       local.set $84
       local.get $18
       i32.const 8
       i32.and
       if
        local.get $84
        i32.const 2
        i32.store8
        local.get $79
        f32x4.extract_lane 3
        i32.trunc_sat_f32_s
        local.get $72
        i32.sub
        local.tee $18
        local.get $75
        i32.lt_u
        local.get $68
        f32x4.extract_lane 3
        i32.trunc_sat_f32_s
        local.get $73
        i32.sub
        local.tee $83
        local.get $75
        i32.lt_u
        i32.and
        if
         local.get $7
         local.get $18
         local.get $75
         i32.mul
         local.get $83
         i32.add
         local.tee $18
         i32.const 2
         i32.shl
         i32.add
         local.tee $83
         i32.load
         local.get $74
         i32.ne
         if
          local.get $83
          local.get $74
          i32.store
          local.get $8
          global.get $assembly/mapper/nEnd
          i32.const 2
          i32.shl
          i32.add
          local.get $18
          i32.store
          global.get $assembly/mapper/nEnd
          i32.const 1
          i32.add
          global.set $assembly/mapper/nEnd
         end
        else
         global.get $assembly/mapper/clipped
         i32.const 1
         i32.add
         global.set $assembly/mapper/clipped
        end
       else
        local.get $83
        i32.const 8
        i32.and
        if
         local.get $84
         i32.load8_u
         i32.const 2
         i32.ne
         if
          local.get $84
          i32.const 1
          i32.store8
         end
        end
       end
      end
      local.get $3
      i32.const 4
      i32.add
      local.set $3
      br $for-loop|2
     end
    end
    local.get $14
    local.set $3
    loop $for-loop|3
     local.get $1
     local.get $3
     i32.gt_s
     if
      block $for-continue|3
       local.get $57
       local.get $3
       i32.const 2
       i32.shl
       local.tee $83
       local.get $78
       i32.add
       f32.load
       local.tee $67
       f32.ge
       local.get $58
       local.get $67
       f32.le
       i32.and
       i32.eqz
       br_if $for-continue|3
       global.get $assembly/mapper/valid
       i32.const 1
       i32.add
       global.set $assembly/mapper/valid
       i32.const 0
       local.set $18
       local.get $54
       local.get $67
       local.get $60
       local.get $6
       local.get $83
       i32.add
       f32.load
       local.tee $47
       f32.mul
       local.get $77
       f32.add
       f32.mul
       local.get $59
       f32.add
       local.get $56
       f32.sub
       local.tee $63
       f32.gt
       local.get $55
       local.get $63
       f32.lt
       i32.and
       if
        i32.const 1
        local.set $18
       else
        local.get $53
        local.get $63
        f32.lt
        local.get $52
        local.get $63
        f32.ge
        i32.and
        i32.eqz
        br_if $for-continue|3
       end
       local.get $67
       local.get $61
       local.get $47
       f32.mul
       local.get $76
       f32.add
       f32.mul
       local.get $50
       f32.add
       local.get $70
       f32.mul
       f32.floor
       i32.trunc_sat_f32_s
       local.tee $83
       local.get $64
       i32.sub
       local.tee $84
       local.get $66
       i32.ge_u
       local.get $67
       local.get $62
       local.get $47
       f32.mul
       local.get $19
       f32.add
       f32.mul
       local.get $51
       f32.add
       local.get $70
       f32.mul
       f32.floor
       i32.trunc_sat_f32_s
       local.tee $85
       local.get $65
       i32.sub
       local.tee $86
       local.get $71
       i32.ge_u
       i32.or
       if
        global.get $assembly/mapper/clipped
        i32.const 1
        i32.add
        global.set $assembly/mapper/clipped
        br $for-continue|3
       end
       local.get $18
       if
        global.get $assembly/mapper/nObst
        i32.const 1
        i32.add
        global.set $assembly/mapper/nObst
       else
        global.get $assembly/mapper/nFloor
        i32.const 1
        i32.add
        global.set $assembly/mapper/nFloor
       end
       local.get $71
       local.get $84
       i32.mul
       local.get $86
       i32.add
       local.get $5
       i32.add
       local.set $84
       local.get $18
       if
        local.get $84
        i32.const 2
        i32.store8
        local.get $83
        local.get $72
        i32.sub
        local.tee $18
        local.get $75
        i32.lt_u
        local.get $85
        local.get $73
        i32.sub
        local.tee $83
        local.get $75
        i32.lt_u
        i32.and
        if
         local.get $7
         local.get $18
         local.get $75
         i32.mul
         local.get $83
         i32.add
         local.tee $18
         i32.const 2
         i32.shl
         i32.add
         local.tee $83
         i32.load
         local.get $74
         i32.ne
         if
          local.get $83
          local.get $74
          i32.store
          local.get $8
          global.get $assembly/mapper/nEnd
          i32.const 2
          i32.shl
          i32.add
          local.get $18
          i32.store
          global.get $assembly/mapper/nEnd
          i32.const 1
          i32.add
          global.set $assembly/mapper/nEnd
         end
        else
         global.get $assembly/mapper/clipped
         i32.const 1
         i32.add
         global.set $assembly/mapper/clipped
        end
       else
        local.get $18
        i32.eqz
        if
         local.get $84
         i32.load8_u
         i32.const 2
         i32.ne
         if
          local.get $84
          i32.const 1
          i32.store8
         end
        end
       end
      end
      local.get $3
      i32.const 1
      i32.add
      local.set $3
      br $for-loop|3
     end
    end
    local.get $69
    i32.const 1
    i32.add
    local.set $69
    br $for-loop|1
   end
  end
  i32.const 0
  local.set $6
  i32.const 0
  local.set $3
  loop $for-loop|4
   local.get $3
   global.get $assembly/mapper/nEnd
   i32.lt_s
   if
    local.get $8
    local.get $3
    i32.const 2
    i32.shl
    i32.add
    i32.load
    local.tee $0
    local.get $75
    i32.rem_s
    local.get $73
    i32.add
    local.tee $7
    local.get $12
    i32.sub
    local.tee $1
    i32.const 31
    i32.shr_s
    local.tee $2
    local.get $1
    local.get $2
    i32.add
    i32.xor
    local.set $14
    i32.const 0
    local.get $0
    local.get $75
    i32.div_s
    local.get $72
    i32.add
    local.tee $18
    local.get $4
    i32.sub
    local.tee $0
    i32.const 31
    i32.shr_s
    local.tee $1
    local.get $0
    local.get $1
    i32.add
    i32.xor
    i32.sub
    local.set $74
    i32.const 1
    i32.const -1
    local.get $7
    local.get $12
    i32.gt_s
    select
    local.set $78
    i32.const 1
    i32.const -1
    local.get $4
    local.get $18
    i32.lt_s
    select
    local.set $83
    local.get $14
    local.get $74
    i32.add
    local.set $2
    local.get $12
    local.set $0
    local.get $4
    local.set $1
    i32.const 0
    local.set $69
    loop $while-continue|0
     local.get $1
     local.get $18
     i32.ne
     local.get $0
     local.get $7
     i32.ne
     i32.or
     if
      local.get $1
      local.get $64
      i32.sub
      local.tee $84
      local.get $66
      i32.lt_u
      local.get $0
      local.get $65
      i32.sub
      local.tee $85
      local.get $71
      i32.lt_u
      i32.and
      if
       local.get $5
       local.get $71
       local.get $84
       i32.mul
       local.get $85
       i32.add
       i32.add
       local.tee $84
       i32.load8_u
       i32.const 2
       i32.ne
       if
        local.get $84
        i32.const 1
        i32.store8
       end
      end
      local.get $69
      i32.const 1
      i32.add
      local.set $69
      local.get $2
      i32.const 1
      i32.shl
      local.tee $84
      local.get $74
      i32.ge_s
      if
       local.get $2
       local.get $74
       i32.add
       local.set $2
       local.get $0
       local.get $78
       i32.add
       local.set $0
      end
      local.get $14
      local.get $84
      i32.ge_s
      if
       local.get $2
       local.get $14
       i32.add
       local.set $2
       local.get $1
       local.get $83
       i32.add
       local.set $1
      end
      br $while-continue|0
     end
    end
    local.get $6
    local.get $69
    i32.add
    local.set $6
    local.get $3
    i32.const 1
    i32.add
    local.set $3
    br $for-loop|4
   end
  end
  local.get $9
  global.get $assembly/mapper/valid
  i32.store
  local.get $9
  global.get $assembly/mapper/nObst
  i32.store offset=4
  local.get $9
  global.get $assembly/mapper/nFloor
  i32.store offset=8
  local.get $9
  global.get $assembly/mapper/nEnd
  i32.store offset=12
  local.get $9
  local.get $6
  i32.store offset=16
  local.get $9
  global.get $assembly/mapper/clipped
  i32.store offset=20
  local.get $9
  local.get $12
  i32.store offset=24
  local.get $9
  local.get $4
  i32.store offset=28
  global.get $assembly/mapper/nEnd
 )
 (func $assembly/mapper/countCells (param $0 i32) (param $1 i32) (param $2 i32)
  (local $3 i32)
  (local $4 i32)
  (local $5 i32)
  (local $6 i32)
  loop $for-loop|0
   local.get $1
   local.get $3
   i32.gt_s
   if
    local.get $4
    local.get $0
    local.get $3
    i32.add
    i32.load8_u
    local.tee $6
    i32.const 1
    i32.eq
    i32.add
    local.set $4
    local.get $5
    local.get $6
    i32.const 2
    i32.eq
    i32.add
    local.set $5
    local.get $3
    i32.const 1
    i32.add
    local.set $3
    br $for-loop|0
   end
  end
  local.get $2
  local.get $4
  i32.store
  local.get $2
  local.get $5
  i32.store offset=4
 )
 (func $assembly/mapper/blit (param $0 i32) (param $1 i32) (param $2 i32) (param $3 i32) (param $4 i32) (param $5 i32) (param $6 i32)
  (local $7 i32)
  loop $for-loop|0
   local.get $2
   local.get $7
   i32.gt_s
   if
    local.get $3
    local.get $6
    local.get $7
    i32.add
    local.get $4
    i32.mul
    local.get $5
    i32.add
    i32.add
    local.get $0
    local.get $1
    local.get $7
    i32.mul
    i32.add
    local.get $1
    memory.copy
    local.get $7
    i32.const 1
    i32.add
    local.set $7
    br $for-loop|0
   end
  end
 )
 (func $assembly/astar/nearestFree (param $0 i32) (param $1 i32) (param $2 i32) (param $3 i32) (param $4 i32) (param $5 i32) (result i32)
  (local $6 i32)
  (local $7 i64)
  (local $8 i64)
  (local $9 i32)
  (local $10 i32)
  (local $11 i32)
  (local $12 i32)
  (local $13 i32)
  (local $14 i32)
  i32.const -1
  local.set $6
  i64.const 9223372036854775807
  local.set $8
  loop $for-loop|0
   local.get $5
   local.get $14
   i32.ge_s
   if
    block $for-break0
     i32.const 0
     local.get $14
     i32.sub
     local.set $13
     loop $for-loop|1
      local.get $13
      local.get $14
      i32.le_s
      if
       i32.const 1
       local.get $14
       i32.const 1
       i32.shl
       local.get $13
       i32.const 0
       local.get $14
       i32.sub
       local.tee $12
       i32.eq
       local.tee $9
       local.get $13
       local.get $14
       i32.eq
       local.get $9
       select
       select
       local.set $11
       loop $for-loop|2
        local.get $12
        local.get $14
        i32.le_s
        if
         block $for-break2
          local.get $4
          local.get $13
          i32.add
          local.tee $10
          local.get $2
          i32.lt_u
          local.get $3
          local.get $12
          i32.add
          local.tee $9
          local.get $1
          i32.lt_u
          i32.and
          if
           local.get $1
           local.get $10
           i32.mul
           local.get $9
           i32.add
           local.tee $9
           local.get $0
           i32.add
           i32.load8_u
           i32.const 1
           i32.eq
           if
            local.get $12
            i64.extend_i32_s
            local.tee $7
            local.get $7
            i64.mul
            local.get $13
            i64.extend_i32_s
            local.tee $7
            local.get $7
            i64.mul
            i64.add
            local.tee $7
            local.get $8
            i64.lt_s
            if
             local.get $7
             local.set $8
             local.get $9
             local.set $6
            end
           end
          end
          local.get $11
          i32.eqz
          br_if $for-break2
          local.get $11
          local.get $12
          i32.add
          local.set $12
          br $for-loop|2
         end
        end
       end
       local.get $13
       i32.const 1
       i32.add
       local.set $13
       br $for-loop|1
      end
     end
     local.get $6
     i32.const 0
     i32.ge_s
     if (result i32)
      local.get $8
      local.get $14
      i32.const 1
      i32.add
      i64.extend_i32_s
      local.tee $7
      local.get $7
      i64.mul
      i64.le_s
     else
      i32.const 0
     end
     br_if $for-break0
     local.get $14
     i32.const 1
     i32.add
     local.set $14
     br $for-loop|0
    end
   end
  end
  local.get $6
 )
 (func $assembly/astar/astar (param $0 i32) (param $1 i32) (param $2 i32) (param $3 i32) (param $4 i32) (param $5 i32) (param $6 i32) (param $7 i32) (param $8 i32) (param $9 i32) (result i32)
  (local $10 i32)
  (local $11 f64)
  (local $12 f64)
  (local $13 f64)
  (local $14 f64)
  (local $15 i32)
  (local $16 i32)
  (local $17 i32)
  (local $18 f64)
  (local $19 i32)
  (local $20 f64)
  (local $21 i32)
  (local $22 f64)
  (local $23 i32)
  (local $24 i32)
  (local $25 i32)
  (local $26 i32)
  (local $27 i32)
  local.get $5
  global.set $assembly/astar/nodes
  local.get $6
  global.set $assembly/astar/heap
  i32.const 0
  global.set $assembly/astar/heapSize
  local.get $9
  f64.const -1
  f64.store
  local.get $9
  f64.const 0
  f64.store offset=8
  local.get $9
  f64.const 0
  f64.store offset=16
  local.get $1
  local.get $2
  i32.mul
  local.tee $5
  local.get $4
  i32.le_u
  local.get $3
  local.get $5
  i32.ge_u
  i32.or
  if (result i32)
   i32.const 0
  else
   local.get $0
   local.get $3
   i32.add
   i32.load8_u
   i32.const 1
   i32.eq
  end
  if (result i32)
   local.get $0
   local.get $4
   i32.add
   i32.load8_u
   i32.const 1
   i32.eq
  else
   i32.const 0
  end
  i32.eqz
  if
   i32.const -1
   return
  end
  local.get $7
  i32.const 1
  i32.add
  local.set $21
  local.get $4
  local.get $1
  i32.rem_s
  local.set $24
  local.get $4
  local.get $1
  i32.div_s
  local.set $23
  global.get $assembly/astar/nodes
  local.get $3
  i32.const 24
  i32.mul
  i32.add
  local.tee $5
  f64.const 0
  f64.store
  local.get $5
  i32.const -1
  i32.store offset=8
  local.get $5
  local.get $7
  i32.store offset=16
  global.get $assembly/astar/heap
  local.tee $10
  local.get $3
  local.get $1
  i32.rem_s
  local.get $24
  i32.sub
  local.tee $6
  i32.const 31
  i32.shr_s
  local.tee $5
  local.get $5
  local.get $6
  i32.add
  i32.xor
  f64.convert_i32_s
  local.tee $12
  local.get $3
  local.get $1
  i32.div_s
  local.get $23
  i32.sub
  local.tee $6
  i32.const 31
  i32.shr_s
  local.tee $5
  local.get $5
  local.get $6
  i32.add
  i32.xor
  f64.convert_i32_s
  local.tee $11
  f64.gt
  if (result f64)
   local.get $12
   local.get $11
   f64.sub
   local.get $11
   f64.const 1.4142135623730951
   f64.mul
   f64.add
  else
   local.get $11
   local.get $12
   f64.sub
   local.get $12
   f64.const 1.4142135623730951
   f64.mul
   f64.add
  end
  f64.store
  local.get $10
  f64.const 0
  f64.store offset=8
  local.get $10
  local.get $3
  i32.store offset=16
  global.get $assembly/astar/nodes
  local.get $3
  i32.const 24
  i32.mul
  i32.add
  i32.const 0
  i32.store offset=12
  i32.const 1
  global.set $assembly/astar/heapSize
  loop $while-continue|0
   global.get $assembly/astar/heapSize
   i32.const 0
   i32.gt_s
   if
    block $while-break|0
     global.get $assembly/astar/heap
     local.tee $3
     i32.load offset=16
     local.set $26
     local.get $3
     f64.load offset=8
     local.set $18
     global.get $assembly/astar/heapSize
     i32.const 1
     i32.sub
     global.set $assembly/astar/heapSize
     global.get $assembly/astar/heapSize
     i32.const 0
     i32.gt_s
     if
      global.get $assembly/astar/heap
      global.get $assembly/astar/heapSize
      i32.const 24
      i32.mul
      i32.add
      local.tee $3
      f64.load
      local.set $22
      local.get $3
      f64.load offset=8
      local.set $20
      local.get $3
      i32.load offset=16
      local.set $15
      i32.const 0
      local.set $5
      loop $while-continue|00
       block $while-break|01
        local.get $5
        i32.const 1
        i32.shl
        i32.const 1
        i32.add
        local.tee $3
        global.get $assembly/astar/heapSize
        i32.ge_s
        br_if $while-break|01
        global.get $assembly/astar/heap
        local.get $3
        i32.const 24
        i32.mul
        i32.add
        local.tee $6
        f64.load
        local.set $13
        local.get $6
        f64.load offset=8
        local.set $14
        local.get $3
        i32.const 1
        i32.add
        local.tee $10
        global.get $assembly/astar/heapSize
        i32.lt_s
        if
         global.get $assembly/astar/heap
         local.get $10
         i32.const 24
         i32.mul
         i32.add
         local.tee $6
         f64.load
         local.tee $11
         local.get $13
         f64.eq
         local.get $6
         f64.load offset=8
         local.tee $12
         local.get $14
         f64.gt
         i32.and
         local.get $11
         local.get $13
         f64.lt
         i32.or
         if
          local.get $11
          local.set $13
          local.get $12
          local.set $14
          local.get $10
          local.set $3
         end
        end
        local.get $13
        local.get $22
        f64.eq
        local.get $14
        local.get $20
        f64.gt
        i32.and
        local.get $13
        local.get $22
        f64.lt
        i32.or
        i32.eqz
        br_if $while-break|01
        global.get $assembly/astar/heap
        local.get $3
        i32.const 24
        i32.mul
        i32.add
        i32.load offset=16
        local.set $10
        global.get $assembly/astar/heap
        local.get $5
        i32.const 24
        i32.mul
        i32.add
        local.tee $6
        local.get $13
        f64.store
        local.get $6
        local.get $14
        f64.store offset=8
        local.get $6
        local.get $10
        i32.store offset=16
        global.get $assembly/astar/nodes
        local.get $10
        i32.const 24
        i32.mul
        i32.add
        local.get $5
        i32.store offset=12
        local.get $3
        local.set $5
        br $while-continue|00
       end
      end
      global.get $assembly/astar/heap
      local.get $5
      i32.const 24
      i32.mul
      i32.add
      local.tee $3
      local.get $22
      f64.store
      local.get $3
      local.get $20
      f64.store offset=8
      local.get $3
      local.get $15
      i32.store offset=16
      global.get $assembly/astar/nodes
      local.get $15
      i32.const 24
      i32.mul
      i32.add
      local.get $5
      i32.store offset=12
     end
     global.get $assembly/astar/nodes
     local.get $26
     i32.const 24
     i32.mul
     i32.add
     local.get $21
     i32.store offset=16
     local.get $4
     local.get $26
     i32.eq
     if
      i32.const 1
      local.set $17
      br $while-break|0
     end
     local.get $19
     i32.const 1
     i32.add
     local.set $19
     local.get $26
     local.get $1
     i32.div_s
     local.set $15
     local.get $26
     local.get $1
     i32.rem_s
     local.tee $3
     i32.const 0
     i32.gt_s
     local.tee $10
     if
      local.get $26
      i32.const 1
      i32.sub
      local.get $0
      i32.add
      i32.load8_u
      i32.const 1
      i32.eq
      local.set $10
     end
     local.get $3
     local.get $1
     i32.const 1
     i32.sub
     i32.lt_s
     local.tee $6
     if
      local.get $26
      i32.const 1
      i32.add
      local.get $0
      i32.add
      i32.load8_u
      i32.const 1
      i32.eq
      local.set $6
     end
     local.get $15
     i32.const 0
     i32.gt_s
     local.tee $5
     if
      local.get $26
      local.get $1
      i32.sub
      local.get $0
      i32.add
      i32.load8_u
      i32.const 1
      i32.eq
      local.set $5
     end
     local.get $15
     local.get $2
     i32.const 1
     i32.sub
     i32.lt_s
     local.tee $3
     if
      local.get $1
      local.get $26
      i32.add
      local.get $0
      i32.add
      i32.load8_u
      i32.const 1
      i32.eq
      local.set $3
     end
     i32.const 0
     local.set $25
     loop $for-loop|1
      local.get $25
      i32.const 8
      i32.lt_s
      if
       block $for-continue|1
        block $break|2 (result f64)
         block $case7|2
          block $case6|2
           block $case5|2
            block $case4|2
             block $case3|2
              block $case2|2
               block $case1|2
                block $case0|2
                 local.get $25
                 br_table $case0|2 $case1|2 $case2|2 $case3|2 $case4|2 $case5|2 $case6|2 $case7|2
                end
                local.get $10
                i32.eqz
                br_if $for-continue|1
                local.get $26
                i32.const 1
                i32.sub
                local.set $27
                f64.const 1
                br $break|2
               end
               local.get $6
               i32.eqz
               br_if $for-continue|1
               local.get $26
               i32.const 1
               i32.add
               local.set $27
               f64.const 1
               br $break|2
              end
              local.get $5
              i32.eqz
              br_if $for-continue|1
              local.get $26
              local.get $1
              i32.sub
              local.set $27
              f64.const 1
              br $break|2
             end
             local.get $3
             i32.eqz
             br_if $for-continue|1
             local.get $1
             local.get $26
             i32.add
             local.set $27
             f64.const 1
             br $break|2
            end
            local.get $5
            i32.const 0
            local.get $10
            select
            i32.eqz
            br_if $for-continue|1
            local.get $26
            local.get $1
            i32.sub
            i32.const 1
            i32.sub
            local.set $27
            f64.const 1.4142135623730951
            br $break|2
           end
           local.get $5
           i32.const 0
           local.get $6
           select
           i32.eqz
           br_if $for-continue|1
           local.get $26
           local.get $1
           i32.sub
           i32.const 1
           i32.add
           local.set $27
           f64.const 1.4142135623730951
           br $break|2
          end
          local.get $3
          i32.const 0
          local.get $10
          select
          i32.eqz
          br_if $for-continue|1
          local.get $1
          local.get $26
          i32.add
          i32.const 1
          i32.sub
          local.set $27
          f64.const 1.4142135623730951
          br $break|2
         end
         local.get $3
         i32.const 0
         local.get $6
         select
         i32.eqz
         br_if $for-continue|1
         local.get $1
         local.get $26
         i32.add
         i32.const 1
         i32.add
         local.set $27
         f64.const 1.4142135623730951
        end
        local.set $11
        local.get $25
        i32.const 4
        i32.ge_s
        if (result i32)
         local.get $0
         local.get $27
         i32.add
         i32.load8_u
         i32.const 1
         i32.eq
        else
         i32.const 1
        end
        i32.eqz
        br_if $for-continue|1
        global.get $assembly/astar/nodes
        local.get $27
        i32.const 24
        i32.mul
        i32.add
        local.tee $16
        i32.load offset=16
        local.tee $15
        local.get $21
        i32.eq
        br_if $for-continue|1
        local.get $18
        local.get $11
        f64.add
        local.set $13
        local.get $7
        local.get $15
        i32.eq
        if
         local.get $13
         local.get $16
         f64.load
         f64.ge
         br_if $for-continue|1
         local.get $16
         local.get $13
         f64.store
         local.get $16
         local.get $26
         i32.store offset=8
         local.get $16
         i32.load offset=12
         local.get $13
         local.get $27
         local.get $1
         i32.rem_s
         local.get $24
         i32.sub
         local.tee $16
         i32.const 31
         i32.shr_s
         local.tee $15
         local.get $15
         local.get $16
         i32.add
         i32.xor
         f64.convert_i32_s
         local.tee $12
         local.get $27
         local.get $1
         i32.div_s
         local.get $23
         i32.sub
         local.tee $16
         i32.const 31
         i32.shr_s
         local.tee $15
         local.get $15
         local.get $16
         i32.add
         i32.xor
         f64.convert_i32_s
         local.tee $11
         f64.gt
         if (result f64)
          local.get $12
          local.get $11
          f64.sub
          local.get $11
          f64.const 1.4142135623730951
          f64.mul
          f64.add
         else
          local.get $11
          local.get $12
          f64.sub
          local.get $12
          f64.const 1.4142135623730951
          f64.mul
          f64.add
         end
         f64.add
         local.get $13
         local.get $27
         call $assembly/astar/siftUp
        else
         local.get $16
         local.get $7
         i32.store offset=16
         local.get $16
         local.get $13
         f64.store
         local.get $16
         local.get $26
         i32.store offset=8
         global.get $assembly/astar/heapSize
         i32.const 1
         i32.add
         global.set $assembly/astar/heapSize
         global.get $assembly/astar/heapSize
         i32.const 1
         i32.sub
         local.get $13
         local.get $27
         local.get $1
         i32.rem_s
         local.get $24
         i32.sub
         local.tee $16
         i32.const 31
         i32.shr_s
         local.tee $15
         local.get $15
         local.get $16
         i32.add
         i32.xor
         f64.convert_i32_s
         local.tee $12
         local.get $27
         local.get $1
         i32.div_s
         local.get $23
         i32.sub
         local.tee $16
         i32.const 31
         i32.shr_s
         local.tee $15
         local.get $15
         local.get $16
         i32.add
         i32.xor
         f64.convert_i32_s
         local.tee $11
         f64.gt
         if (result f64)
          local.get $12
          local.get $11
          f64.sub
          local.get $11
          f64.const 1.4142135623730951
          f64.mul
          f64.add
         else
          local.get $11
          local.get $12
          f64.sub
          local.get $12
          f64.const 1.4142135623730951
          f64.mul
          f64.add
         end
         f64.add
         local.get $13
         local.get $27
         call $assembly/astar/siftUp
        end
       end
       local.get $25
       i32.const 1
       i32.add
       local.set $25
       br $for-loop|1
      end
     end
     br $while-continue|0
    end
   end
  end
  local.get $9
  local.get $19
  f64.convert_i32_s
  f64.store offset=8
  local.get $17
  i32.eqz
  if
   i32.const -1
   return
  end
  i32.const 0
  local.set $1
  local.get $4
  local.set $0
  loop $for-loop|3
   local.get $0
   i32.const -1
   i32.ne
   if
    local.get $1
    i32.const 1
    i32.add
    local.set $1
    global.get $assembly/astar/nodes
    local.get $0
    i32.const 24
    i32.mul
    i32.add
    i32.load offset=8
    local.set $0
    br $for-loop|3
   end
  end
  local.get $1
  i32.const 1
  i32.sub
  local.set $2
  local.get $4
  local.set $0
  loop $for-loop|4
   local.get $0
   i32.const -1
   i32.ne
   if
    local.get $8
    local.get $2
    i32.const 2
    i32.shl
    i32.add
    local.get $0
    i32.store
    local.get $2
    i32.const 1
    i32.sub
    local.set $2
    global.get $assembly/astar/nodes
    local.get $0
    i32.const 24
    i32.mul
    i32.add
    i32.load offset=8
    local.set $0
    br $for-loop|4
   end
  end
  local.get $9
  global.get $assembly/astar/nodes
  local.get $4
  i32.const 24
  i32.mul
  i32.add
  f64.load
  f64.store
  local.get $9
  local.get $1
  f64.convert_i32_s
  f64.store offset=16
  local.get $1
 )
 (func $assembly/alloc/free (param $0 i32)
  (local $1 i32)
  local.get $0
  i32.const 1164
  i32.ge_u
  if
   global.get $~lib/rt/tlsf/ROOT
   i32.eqz
   if
    call $~lib/rt/tlsf/initialize
   end
   local.get $0
   i32.const 4
   i32.sub
   local.set $1
   local.get $0
   i32.const 15
   i32.and
   i32.const 1
   local.get $0
   select
   if (result i32)
    i32.const 1
   else
    local.get $1
    i32.load
    i32.const 1
    i32.and
   end
   drop
   local.get $1
   local.get $1
   i32.load
   i32.const 1
   i32.or
   i32.store
   global.get $~lib/rt/tlsf/ROOT
   local.get $1
   call $~lib/rt/tlsf/insertBlock
  end
 )
 (func $assembly/alloc/alloc (param $0 i32) (result i32)
  (local $1 i32)
  (local $2 i32)
  (local $3 i32)
  (local $4 i32)
  global.get $~lib/rt/tlsf/ROOT
  i32.eqz
  if
   call $~lib/rt/tlsf/initialize
  end
  global.get $~lib/rt/tlsf/ROOT
  local.set $1
  local.get $0
  i32.const 1073741820
  i32.gt_u
  if
   i32.const 1056
   i32.const 1120
   i32.const 461
   i32.const 29
   call $~lib/builtins/abort
   unreachable
  end
  local.get $1
  local.get $0
  i32.const 12
  i32.le_u
  if (result i32)
   i32.const 12
  else
   local.get $0
   i32.const 19
   i32.add
   i32.const -16
   i32.and
   i32.const 4
   i32.sub
  end
  local.tee $3
  call $~lib/rt/tlsf/searchBlock
  local.tee $0
  i32.eqz
  if
   local.get $3
   i32.const 256
   i32.ge_u
   if (result i32)
    local.get $3
    i32.const 536870910
    i32.lt_u
    if (result i32)
     local.get $3
     i32.const 1
     i32.const 27
     local.get $3
     i32.clz
     i32.sub
     i32.shl
     i32.add
     i32.const 1
     i32.sub
    else
     local.get $3
    end
   else
    local.get $3
   end
   i32.const 4
   local.get $1
   i32.load offset=1568
   memory.size
   local.tee $0
   i32.const 16
   i32.shl
   i32.const 4
   i32.sub
   i32.ne
   i32.shl
   i32.add
   i32.const 65535
   i32.add
   i32.const -65536
   i32.and
   i32.const 16
   i32.shr_u
   local.set $2
   local.get $0
   local.get $2
   local.get $0
   local.get $2
   i32.gt_s
   select
   memory.grow
   i32.const 0
   i32.lt_s
   if
    local.get $2
    memory.grow
    i32.const 0
    i32.lt_s
    if
     unreachable
    end
   end
   local.get $1
   local.get $0
   i32.const 16
   i32.shl
   memory.size
   i64.extend_i32_s
   i64.const 16
   i64.shl
   call $~lib/rt/tlsf/addMemory
   local.get $1
   local.get $3
   call $~lib/rt/tlsf/searchBlock
   local.set $0
  end
  local.get $0
  i32.load
  drop
  local.get $1
  local.get $0
  call $~lib/rt/tlsf/removeBlock
  local.get $0
  i32.load
  local.tee $2
  i32.const -4
  i32.and
  local.get $3
  i32.sub
  local.tee $4
  i32.const 16
  i32.ge_u
  if
   local.get $0
   local.get $3
   local.get $2
   i32.const 2
   i32.and
   i32.or
   i32.store
   local.get $0
   i32.const 4
   i32.add
   local.get $3
   i32.add
   local.tee $2
   local.get $4
   i32.const 4
   i32.sub
   i32.const 1
   i32.or
   i32.store
   local.get $1
   local.get $2
   call $~lib/rt/tlsf/insertBlock
  else
   local.get $0
   local.get $2
   i32.const -2
   i32.and
   i32.store
   local.get $0
   i32.const 4
   i32.add
   local.get $0
   i32.load
   i32.const -4
   i32.and
   i32.add
   local.tee $1
   local.get $1
   i32.load
   i32.const -3
   i32.and
   i32.store
  end
  local.get $0
  i32.const 4
  i32.add
 )
)
