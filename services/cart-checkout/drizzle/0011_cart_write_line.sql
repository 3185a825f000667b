-- A cart line written in one round trip (carts/cart.service.ts `writeLine`): the cart created or marked (its row's
-- lock orders the cart's writers: two merges, an add beside a merge), then the item's line set to p_amount or raised
-- by it when the item's total over its variant lines stays within p_limit. The two steps are two statements, so the
-- line's step reads every line committed before the cart's lock was ours, exactly as BEGIN, the upsert, the line's
-- statement and COMMIT did from the service in four round trips.
-- Refused: SQLSTATE VC409 with the quantities held in DETAIL (json), and the statement's work (the cart's creation or
-- mark) rolled back with it: a refusal changes nothing.
CREATE FUNCTION "cart-checkout"."cart_write_line"(
  p_new_cart_id text,
  p_user_id text,
  p_shop_id text,
  p_item_id text,
  p_variant_key text,
  p_variant jsonb,
  p_amount integer,
  p_limit integer,
  p_add boolean
) RETURNS TABLE (line_cart_id text, other_quantity integer, line_quantity integer)
LANGUAGE plpgsql AS $$
DECLARE
  v_cart text;
  v_others integer;
  v_mine integer;
  v_written integer;
BEGIN
  INSERT INTO "cart-checkout"."carts" AS c ("id", "user_id", "shop_id")
  VALUES (p_new_cart_id, p_user_id, p_shop_id)
  ON CONFLICT ("user_id", "shop_id") DO UPDATE SET "updated_at" = now()
  RETURNING c."id" INTO v_cart;

  WITH held AS (
    SELECT l."variant_key", l."quantity" FROM "cart-checkout"."cart_lines" l
    WHERE l."cart_id" = v_cart AND l."item_id" = p_item_id
    FOR UPDATE
  ), sums AS (
    SELECT coalesce(sum(h."quantity") FILTER (WHERE h."variant_key" <> p_variant_key), 0)::int AS others,
           coalesce(sum(h."quantity") FILTER (WHERE h."variant_key" = p_variant_key), 0)::int AS mine
    FROM held h
  ), up AS (
    INSERT INTO "cart-checkout"."cart_lines" ("cart_id", "item_id", "variant_key", "variant", "quantity")
    SELECT v_cart, p_item_id, p_variant_key, p_variant, (CASE WHEN p_add THEN s.mine ELSE 0 END) + p_amount
    FROM sums s
    WHERE s.others + (CASE WHEN p_add THEN s.mine ELSE 0 END) + p_amount <= p_limit
    ON CONFLICT ("cart_id", "item_id", "variant_key") DO UPDATE SET "quantity" = excluded."quantity"
    RETURNING 1
  )
  SELECT s.others, s.mine, (SELECT count(*) FROM up)::int INTO v_others, v_mine, v_written FROM sums s;

  IF v_written = 0 THEN
    RAISE EXCEPTION USING
      ERRCODE = 'VC409',
      MESSAGE = 'cart line refused by the quantity rules',
      DETAIL = json_build_object('others', v_others, 'mine', v_mine)::text;
  END IF;
  RETURN QUERY SELECT v_cart, v_others, v_mine;
END
$$;
